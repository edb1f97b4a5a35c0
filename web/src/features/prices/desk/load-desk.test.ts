import { describe, expect, it } from 'vitest';
import type { PriceDay } from '@contracts/realtime';
import { loadDesk } from './load-desk';

const prices = (regular: number): PriceDay => ({
  regular,
  premium: 4,
  diesel: 4,
  renew_99: 5,
  b_20: 4,
  at: 1,
  by: '1',
});
const groups = [
  { id: 1, name: 'North' },
  { id: 2, name: 'South' },
];
const types = [{ id: 7, name: 'Cash' }];

describe('loading the desk', () => {
  it('takes the day and the latest earlier day from the history, the upstream only for gaps', async () => {
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    const rows = await loadDesk(groups, types, '2026-11-25', {
      days: (groupId) =>
        Promise.resolve(
          groupId === 1
            ? [
                { day: '2026-11-21', prices: prices(3) },
                { day: '2026-11-25', prices: prices(3.2) },
              ]
            : [{ day: '2026-11-24', prices: prices(2) }],
        ),
      saved: async (groupId, typeId, date) => {
        asked.push(`${groupId}:${typeId}:${date}`);
        most = Math.max(most, ++inFlight);
        await Promise.resolve();
        inFlight--;
        return null;
      },
    });
    expect(asked).toEqual(['2:7:2026-11-25']);
    expect(rows.map((row) => [row.key, row.values.regular, row.previous?.regular])).toEqual([
      ['1:7', '3.2', '3'],
      ['2:7', '', '2'],
    ]);
    expect(most).toBe(1);
  });

  it('asks the upstream for every row when the history cannot be read, four at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const many = Array.from({ length: 10 }, (_, id) => ({ id, name: `G${id}` }));
    const rows = await loadDesk(many, types, '2026-11-25', {
      days: () => Promise.reject(new Error('refused')),
      saved: async () => {
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 0));
        inFlight--;
        return { regular: 1, premium: 2, diesel: 3, renew_99: 4, b_20: 5, date: '2026-11-25' };
      },
    });
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.values.regular === '1' && row.previous === null)).toBe(true);
    expect(most).toBe(4);
  });

  it('fails as a whole when a saved row cannot be read', async () => {
    await expect(
      loadDesk(groups, types, '2026-11-25', {
        days: () => Promise.resolve([]),
        saved: () => Promise.reject(new Error('down')),
      }),
    ).rejects.toThrow('down');
  });
});
