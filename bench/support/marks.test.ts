import { describe, expect, it } from 'vitest';
import { longestTask, markSpans } from './marks.ts';

describe('markSpans', () => {
  it('pairs each end with the latest start before it', () => {
    const marks = [
      { name: 'users:filter', startTime: 100 },
      { name: 'users:filter', startTime: 150 },
      { name: 'users:filter:painted', startTime: 190 },
      { name: 'users:sort', startTime: 200 },
      { name: 'users:filter', startTime: 300 },
      { name: 'users:filter:painted', startTime: 320 },
    ];
    expect(markSpans(marks, 'users:filter', 'users:filter:painted')).toEqual([40, 20]);
  });

  it('gives nothing for an end without a start', () => {
    expect(
      markSpans(
        [{ name: 'chat:newest:painted', startTime: 5 }],
        'chat:open',
        'chat:newest:painted',
      ),
    ).toEqual([]);
  });
});

describe('longestTask', () => {
  const marks = [
    { name: 'users:reply', startTime: 1000 },
    { name: 'users:rows:painted', startTime: 1100 },
    { name: 'users:sort', startTime: 2000 },
  ];
  const reply = marks[0] as (typeof marks)[number];

  it('says how long the longest task ran and where it fell among the marks', () => {
    const tasks = [
      { startTime: 1010, duration: 80 },
      { startTime: 2005, duration: 240 },
    ];
    expect(longestTask(tasks, marks, reply)).toEqual({
      duration: 240,
      where: '240 ms, 1005 ms after users:reply, after users:sort',
    });
    expect(longestTask([{ startTime: 400, duration: 300 }], marks, reply).where).toBe(
      '300 ms, 600 ms before users:reply',
    );
  });

  it('is 0 when nothing ran long', () => {
    expect(longestTask([], marks, reply)).toEqual({ duration: 0, where: 'none over 50 ms' });
  });
});
