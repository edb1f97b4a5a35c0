/** Order statistics over samples; nothing here measures anything. */

function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/**
 * The `p`-th percentile (0..100) by linear interpolation between closest ranks, the
 * definition numpy and most load tools use, so figures compare with theirs.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error('percentile of no values');
  if (p < 0 || p > 100) throw new Error(`percentile ${p} is outside 0..100`);
  const ordered = sorted(values);
  const rank = (p / 100) * (ordered.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = ordered[low] as number;
  const highValue = ordered[high] as number;
  return lowValue + (highValue - lowValue) * (rank - low);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function max(values: readonly number[]): number {
  if (values.length === 0) throw new Error('max of no values');
  return values.reduce((a, b) => Math.max(a, b));
}

export interface LayoutShift {
  startTime: number;
  value: number;
  hadRecentInput: boolean;
}

/**
 * Cumulative Layout Shift as Chrome defines it since 2021: shifts (not caused by input) are
 * grouped in session windows, a window closing after a 1 s gap or 5 s in all; the score is the
 * largest window's sum.
 */
export function cumulativeLayoutShift(shifts: readonly LayoutShift[]): number {
  let largest = 0;
  let current = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (shift.hadRecentInput) continue;
    if (shift.startTime - previous > 1000 || shift.startTime - windowStart > 5000) {
      current = 0;
      windowStart = shift.startTime;
    }
    current += shift.value;
    previous = shift.startTime;
    largest = Math.max(largest, current);
  }
  return largest;
}
