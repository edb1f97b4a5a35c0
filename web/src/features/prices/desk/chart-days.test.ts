import { describe, expect, it } from 'vitest';
import type { PriceDay } from '@contracts/prices/price-desk';
import type { FuelPrice } from '@contracts/upstream/upstream';
import { CHART_DAYS, dayBefore, loadChartDays } from './chart-days';

const END = '2026-11-25';
const grades = (regular: number) => ({ regular, premium: 4, diesel: 4, renew_99: 5, b_20: 4 });
const kept = (day: string, regular: number) => ({
  day,
  prices: { ...grades(regular), at: 1 } satisfies PriceDay,
});
const record = (date: string, regular: number): FuelPrice => ({ ...grades(regular), date });

describe('the chart window', () => {
  it('starts 29 days before the chosen day, across months and leap days', () => {
    expect(dayBefore('2024-03-15', CHART_DAYS - 1)).toBe('2024-02-15');
    expect(dayBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(dayBefore('2026-01-01', 1)).toBe('2025-12-31');
  });
});

describe("the chart's days", () => {
  it('reads from the upstream only the days the history lacks, oldest first', async () => {
    const asked: string[] = [];
    const { days, unread } = await loadChartDays(END, {
      history: (start, end) => {
        expect([start, end]).toEqual(['2026-10-27', END]);
        return Promise.resolve([kept('2026-11-20', 3), kept(END, 3.5)]);
      },
      saved: (day) => {
        asked.push(day);
        return Promise.resolve(day === '2026-11-01' ? record(day, 2.9) : null);
      },
      readsDay: true,
    });
    expect(asked).toHaveLength(CHART_DAYS - 2);
    expect(asked).not.toContain('2026-11-20');
    expect(days.map(({ day, prices }) => [day, prices.regular])).toEqual([
      ['2026-11-01', 2.9],
      ['2026-11-20', 3],
      [END, 3.5],
    ]);
    expect(days[0]?.prices).toEqual(grades(2.9));
    expect(unread).toBe(0);
  });

  it('never charts another day’s record as the day asked', async () => {
    const { days } = await loadChartDays(END, {
      history: () => Promise.resolve([]),
      saved: () => Promise.resolve(record('2026-01-01', 3)),
      readsDay: true,
    });
    expect(days).toEqual([]);
  });

  it('keeps to the history when the upstream cannot read a day', async () => {
    const { days } = await loadChartDays(END, {
      history: () => Promise.resolve([kept(END, 3.5)]),
      saved: () => Promise.reject(new Error('never asked')),
      readsDay: false,
    });
    expect(days.map(({ day }) => day)).toEqual([END]);
  });

  it('counts the days that could not be read, and shows the rest', async () => {
    const { days, unread } = await loadChartDays(END, {
      history: () => Promise.resolve([]),
      saved: (day) =>
        day === END ? Promise.resolve(record(day, 3)) : Promise.reject(new Error('timeout')),
      readsDay: true,
    });
    expect(days.map(({ day }) => day)).toEqual([END]);
    expect(unread).toBe(CHART_DAYS - 1);
  });
});
