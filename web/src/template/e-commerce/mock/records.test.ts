import { describe, expect, it } from 'vitest';
import { demoDate, nextId } from './records';

describe('demo records', () => {
  it('get the largest id plus one, or 1 in an empty table', () => {
    expect(nextId([{ id: 3 }, { id: 41 }, { id: 7 }])).toBe(42);
    expect(nextId([])).toBe(1);
  });

  it('are dated MM/DD/YYYY in Los Angeles', () => {
    // 03:00 UTC on 2 March is still 1 March in Los Angeles.
    expect(demoDate(Date.UTC(2025, 2, 2, 3))).toBe('03/01/2025');
  });
});
