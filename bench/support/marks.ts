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

export interface Task {
  startTime: number;
  duration: number;
}

/**
 * The longest of `tasks`, placed among the page's marks ("312 ms, 40 ms after users:reply,
 * after users:sort"), so a report says what ran long, not only how long. 0 when none.
 */
export function longestTask(
  tasks: readonly Task[],
  marks: readonly Mark[],
  origin: Mark,
): { duration: number; where: string } {
  const longest = tasks.reduce<Task | null>(
    (a, b) => (a === null || b.duration > a.duration ? b : a),
    null,
  );
  if (longest === null) return { duration: 0, where: 'none over 50 ms' };
  const before = marks.filter((m) => m.startTime <= longest.startTime).at(-1);
  const offset = Math.round(longest.startTime - origin.startTime);
  const at =
    offset >= 0 ? `${offset} ms after ${origin.name}` : `${-offset} ms before ${origin.name}`;
  return {
    duration: longest.duration,
    where: `${Math.round(longest.duration)} ms, ${at}${before && before !== origin ? `, after ${before.name}` : ''}`,
  };
}
