import { describe, expect, it } from 'vitest';
import { dayRange, startOfDay } from './date-range';

describe('the history’s date range', () => {
  it('starts a day at midnight in Los Angeles, winter and summer', () => {
    expect(startOfDay('2025-01-15')).toBe(Date.UTC(2025, 0, 15, 8));
    expect(startOfDay('2025-07-04')).toBe(Date.UTC(2025, 6, 4, 7));
    expect(startOfDay('2025-03-09')).toBe(Date.UTC(2025, 2, 9, 8));
  });

  it('includes the whole of both days, and leaves an empty end open', () => {
    expect(dayRange('2025-01-15', '2025-01-16')).toEqual({
      from: Date.UTC(2025, 0, 15, 8),
      to: Date.UTC(2025, 0, 17, 8) - 1,
    });
    expect(dayRange('', '2025-03-08')).toEqual({ to: Date.UTC(2025, 2, 9, 8) - 1 });
    expect(dayRange('2025-01-15', 'soon')).toEqual({ from: Date.UTC(2025, 0, 15, 8) });
  });
});
