export interface Mark {
  name: string;
  startTime: number;
}

/**
 * For each `end` mark, the time since the last `start` mark at or before it: the spans a page
 * measures with `mark('x')` then `markPainted('x')` (web/src/lib/perf.ts). An `end` with no
 * `start` before it gives no span.
 */
export function markSpans(marks: readonly Mark[], start: string, end: string): number[] {
  const spans: number[] = [];
  for (const finish of marks.filter((m) => m.name === end)) {
    const begin = marks.filter((m) => m.name === start && m.startTime <= finish.startTime).at(-1);
    if (begin) spans.push(finish.startTime - begin.startTime);
  }
  return spans;
}
