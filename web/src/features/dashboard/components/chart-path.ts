export interface ChartPoint {
  x: number;
  y: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Tangents of a monotone cubic (Fritsch–Carlson): the curve passes through every point and never
 * bulges past its neighbours, so a smooth line stays inside the axis range (0 to 37).
 */
function tangents(points: readonly ChartPoint[]): number[] {
  const slopes: number[] = [];
  for (let at = 0; at + 1 < points.length; at++) {
    const from = points[at];
    const to = points[at + 1];
    if (!from || !to) continue;
    slopes.push((to.y - from.y) / (to.x - from.x));
  }
  const result = points.map((_, at) => {
    const before = slopes[at - 1];
    const after = slopes[at];
    if (before === undefined) return after ?? 0;
    if (after === undefined) return before;
    return before * after <= 0 ? 0 : (before + after) / 2;
  });
  slopes.forEach((slope, at) => {
    if (slope === 0) {
      result[at] = 0;
      result[at + 1] = 0;
      return;
    }
    const a = (result[at] ?? 0) / slope;
    const b = (result[at + 1] ?? 0) / slope;
    const size = a * a + b * b;
    if (size > 9) {
      const scale = 3 / Math.sqrt(size);
      result[at] = scale * a * slope;
      result[at + 1] = scale * b * slope;
    }
  });
  return result;
}

/** An SVG path through the points (x ascending) as a smooth monotone curve. */
export function monotonePath(points: readonly ChartPoint[]): string {
  const first = points[0];
  if (!first) return '';
  const slopes = tangents(points);
  let path = `M${round(first.x)},${round(first.y)}`;
  for (let at = 0; at + 1 < points.length; at++) {
    const from = points[at];
    const to = points[at + 1];
    if (!from || !to) continue;
    const third = (to.x - from.x) / 3;
    const c1 = { x: from.x + third, y: from.y + (slopes[at] ?? 0) * third };
    const c2 = { x: to.x - third, y: to.y - (slopes[at + 1] ?? 0) * third };
    path += `C${round(c1.x)},${round(c1.y)},${round(c2.x)},${round(c2.y)},${round(to.x)},${round(to.y)}`;
  }
  return path;
}

/** Maps values to chart coordinates: x spread evenly across `width`, y flipped (0 at the bottom). */
export function toChartPoints(
  values: readonly number[],
  { width, height, yMax }: { width: number; height: number; yMax: number },
): ChartPoint[] {
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((value, at) => ({
    x: at * step,
    y: height - (Math.min(Math.max(value, 0), yMax) / yMax) * height,
  }));
}
