import { describe, expect, it } from 'vitest';
import type { PriceDay } from '@contracts/prices/price-desk';
import type { FuelPrice } from '@contracts/upstream/upstream';
import { dayBefore, loadDesk } from './load-desk';

const prices = (regular: number): PriceDay => ({
  regular,
  premium: 4,
  diesel: 4,
  renew_99: 5,
  b_20: 4,
  at: 1,
  by: '1',
});
const record = (regular: number, date: string): FuelPrice => ({
  regular,
  premium: 4,
  diesel: 4,
  renew_99: 5,
  b_20: 4,
  date,
});
const groups = [
  { id: 1, name: 'North' },
  { id: 2, name: 'South' },
];
const types = [{ id: 7, name: 'Cash' }];
const DAY = '2026-11-25';

describe('the day before', () => {
  it('crosses months, years and leap days', () => {
    expect(dayBefore('2026-11-25')).toBe('2026-11-24');
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2028-03-01')).toBe('2028-02-29');
    expect(dayBefore('2027-01-01')).toBe('2026-12-31');
  });
});

describe('loading the desk', () => {
  it('takes the day and the latest earlier day from the history, the upstream only for gaps', async () => {
    const asked: string[] = [];
    const rows = await loadDesk(groups, types, DAY, {
      days: (groupId) =>
        Promise.resolve(
          groupId === 1
            ? [
                { day: '2026-11-21', prices: prices(3) },
                { day: DAY, prices: prices(3.2) },
              ]
            : [{ day: '2026-11-24', prices: prices(2) }],
        ),
      saved: (groupId, typeId, date) => {
        asked.push(`${groupId}:${typeId}:${date}`);
        return Promise.resolve(null);
      },
      readsDay: true,
    });
    expect(asked).toEqual([`2:7:${DAY}`]);
    expect(rows.map((row) => [row.key, row.values.regular, row.previous?.regular])).toEqual([
      ['1:7', '3.2', '3'],
      ['2:7', '', '2'],
    ]);
    expect(rows[0]?.written).toEqual({ at: 1, by: '1' });
  });

  it('asks the upstream for a day the history kept from a read, and copies a read previous day', async () => {
    const { by: _nobody, ...read } = prices(3.2);
    const asked: string[] = [];
    const [row] = await loadDesk([{ id: 1, name: 'North' }], types, DAY, {
      days: () =>
        Promise.resolve([
          { day: '2026-11-24', prices: { ...read, regular: 3 } },
          { day: DAY, prices: read },
        ]),
      saved: (_groupId, _typeId, date) => {
        asked.push(date);
        return Promise.resolve(record(3.25, date));
      },
      readsDay: true,
    });
    // A read day may have been saved over elsewhere since; the previous day is settled.
    expect(asked).toEqual([DAY]);
    expect([row?.values.regular, row?.previous?.regular, row?.written]).toEqual([
      '3.25',
      '3',
      null,
    ]);
  });

  it('takes the previous day from the upstream when the history has none', async () => {
    const rows = await loadDesk(groups, types, DAY, {
      days: () => Promise.resolve([]),
      saved: (groupId, _typeId, date) =>
        Promise.resolve(
          date === DAY ? (groupId === 1 ? record(3.3, DAY) : null) : record(3.1, date),
        ),
      readsDay: true,
    });
    expect(rows.map((row) => [row.values.regular, row.previous?.regular, row.written])).toEqual([
      ['3.3', '3.1', null],
      ['', '3.1', null],
    ]);
  });

  it('reads an upstream without a day once per row: its latest record is the day’s or the previous', async () => {
    const asked: string[] = [];
    const rows = await loadDesk(groups, types, DAY, {
      days: () => Promise.resolve([]),
      saved: (groupId, _typeId, date) => {
        asked.push(date);
        return Promise.resolve(groupId === 1 ? record(3.3, DAY) : record(2.9, '2026-11-20'));
      },
      readsDay: false,
    });
    expect(asked).toEqual([DAY, DAY]);
    // North's latest is the day's own; South's is older: the prices to copy, never the day's.
    expect(rows.map((row) => [row.values.regular, row.previous?.regular ?? null])).toEqual([
      ['3.3', null],
      ['', '2.9'],
    ]);
  });

  it('never takes a later record as the previous day', async () => {
    const rows = await loadDesk(groups, types, '2026-11-20', {
      days: () => Promise.resolve([]),
      saved: () => Promise.resolve(record(3.3, DAY)),
      readsDay: false,
    });
    expect(rows.every((row) => row.values.regular === '' && row.previous === null)).toBe(true);
  });

  it('asks the upstream for every row when the history cannot be read, four at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const many = Array.from({ length: 10 }, (_, id) => ({ id, name: `G${id}` }));
    const rows = await loadDesk(many, types, DAY, {
      days: () => Promise.reject(new Error('refused')),
      saved: async (_groupId, _typeId, date) => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 0));
        inFlight--;
        return date === DAY ? record(1, DAY) : null;
      },
      readsDay: true,
    });
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.values.regular === '1' && row.previous === null)).toBe(true);
    expect(most).toBe(4);
  });

  it('fails as a whole when a saved row cannot be read', async () => {
    await expect(
      loadDesk(groups, types, DAY, {
        days: () => Promise.resolve([]),
        saved: () => Promise.reject(new Error('down')),
        readsDay: true,
      }),
    ).rejects.toThrow('down');
  });
});
