import { describe, expect, it } from 'vitest';
import { newestFirst } from './newest-first';

const ids = (records: readonly { id: number }[]) => records.map((record) => record.id);

describe('newestFirst', () => {
  it('puts the latest created_at first, whatever the ids say', () => {
    const records = [
      { id: 1, created_at: '2025-01-02T10:00:00.000Z' },
      { id: 3, created_at: '2025-01-01T10:00:00.000Z' },
      { id: 2, created_at: '2025-03-01T00:00:00.000000Z' },
    ];
    expect(ids(newestFirst(records))).toEqual([2, 1, 3]);
  });

  it('compares instants, not text, across time zones', () => {
    const records = [
      { id: 1, created_at: '2025-01-01T10:00:00+02:00' }, // 08:00Z
      { id: 2, created_at: '2025-01-01T09:00:00Z' },
    ];
    expect(ids(newestFirst(records))).toEqual([2, 1]);
  });

  it('orders records without dates, and equal dates, by the higher id first', () => {
    expect(ids(newestFirst([{ id: 4 }, { id: 9 }, { id: 1 }, { id: 7 }]))).toEqual([9, 7, 4, 1]);
    const at = '2025-01-01T00:00:00Z';
    expect(
      ids(
        newestFirst([
          { id: 2, created_at: at },
          { id: 5, created_at: at },
          { id: 3, created_at: at },
        ]),
      ),
    ).toEqual([5, 3, 2]);
  });

  it('sorts a record without a readable date as of the latest date of the records before it', () => {
    const records = [
      { id: 10 },
      { id: 1, created_at: '2024-01-01T00:00:00Z' },
      { id: 11, created_at: 'not a date' },
      { id: 3, created_at: '2024-06-01T00:00:00Z' },
      { id: 2, created_at: '2024-09-01T00:00:00Z' },
      { id: 0 },
    ];
    // 10 and 11 came after 3 and 2, the latest in September; 0 came before any dated record.
    expect(ids(newestFirst(records))).toEqual([11, 10, 2, 3, 1, 0]);
  });

  it('leaves the given list as it was and keeps every record', () => {
    const records = [{ id: 1 }, { id: 2 }];
    const sorted = newestFirst(records);
    expect(ids(records)).toEqual([1, 2]);
    expect(sorted[0]).toBe(records[1]);
    expect(newestFirst([])).toEqual([]);
  });
});
