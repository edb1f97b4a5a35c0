import { describe, expect, it } from 'vitest';
import { cumulativeLayoutShift, max, median, percentile } from './stats.ts';

describe('percentile', () => {
  it('interpolates between closest ranks', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 99)).toBeCloseTo(49.6);
    expect(percentile([5], 99)).toBe(5);
  });

  it('does not depend on the order of the samples', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(max([3, 7, 2])).toBe(7);
  });

  it('refuses no samples and an out-of-range percentile', () => {
    expect(() => median([])).toThrow(/no values/);
    expect(() => percentile([1], 101)).toThrow(/outside/);
  });
});

describe('cumulativeLayoutShift', () => {
  const shift = (startTime: number, value: number, hadRecentInput = false) => ({
    startTime,
    value,
    hadRecentInput,
  });

  it('is the largest session window, not the sum of every shift', () => {
    // Two windows: 0.1 + 0.05 close together, then 0.12 more than a second later.
    expect(
      cumulativeLayoutShift([shift(100, 0.1), shift(600, 0.05), shift(2000, 0.12)]),
    ).toBeCloseTo(0.15);
  });

  it('closes a window after 5 s even without a gap', () => {
    const steady = Array.from({ length: 12 }, (_, i) => shift(i * 900, 0.01));
    // Shifts at 0..4500 ms fall in the first window (6 of them); the rest start another.
    expect(cumulativeLayoutShift(steady)).toBeCloseTo(0.06);
  });

  it('leaves out shifts caused by input', () => {
    expect(cumulativeLayoutShift([shift(100, 0.3, true), shift(200, 0.01)])).toBeCloseTo(0.01);
    expect(cumulativeLayoutShift([])).toBe(0);
  });
});
