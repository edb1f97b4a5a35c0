import { describe, expect, it } from 'vitest';
import { monotonePath, toChartPoints } from './chart-path';

/** The numbers of a path, in order. */
const numbers = (path: string) => (path.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe('the chart path', () => {
  it('places values evenly across the width, 0 at the bottom and the maximum at the top', () => {
    expect(toChartPoints([0, 37, 18.5], { width: 100, height: 150, yMax: 37 })).toEqual([
      { x: 0, y: 150 },
      { x: 50, y: 0 },
      { x: 100, y: 75 },
    ]);
  });

  it('keeps values outside the axis range on its edge', () => {
    const [low, high] = toChartPoints([-5, 50], { width: 10, height: 100, yMax: 37 });
    expect(low?.y).toBe(100);
    expect(high?.y).toBe(0);
  });

  it('passes through every point, one curve segment between neighbours', () => {
    const points = toChartPoints([12, 18, 14, 25], { width: 300, height: 150, yMax: 37 });
    const path = monotonePath(points);
    expect(path.startsWith(`M${points[0]?.x},${Math.round((points[0]?.y ?? 0) * 100) / 100}`)).toBe(
      true,
    );
    expect(path.match(/C/g)).toHaveLength(points.length - 1);
    const segments = path.split('C').slice(1).map(numbers);
    segments.forEach((segment, at) => {
      const end = points[at + 1];
      expect(segment[4]).toBeCloseTo(end?.x ?? NaN, 1);
      expect(segment[5]).toBeCloseTo(end?.y ?? NaN, 1);
    });
  });

  it('never bulges past the neighbouring points (the line stays within 0 to 37)', () => {
    const values = [0, 37, 0, 37, 36, 37, 0, 0, 37];
    const points = toChartPoints(values, { width: 800, height: 150, yMax: 37 });
    const segments = monotonePath(points).split('C').slice(1).map(numbers);
    segments.forEach((segment, at) => {
      const from = points[at]?.y ?? NaN;
      const to = points[at + 1]?.y ?? NaN;
      for (const controlY of [segment[1], segment[3]]) {
        expect(controlY).toBeGreaterThanOrEqual(Math.min(from, to) - 0.01);
        expect(controlY).toBeLessThanOrEqual(Math.max(from, to) + 0.01);
      }
    });
  });

  it('draws nothing for no values and a single move for one', () => {
    expect(monotonePath([])).toBe('');
    expect(monotonePath([{ x: 0, y: 10 }])).toBe('M0,10');
  });
});
