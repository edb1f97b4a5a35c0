import { describe, expect, it } from 'vitest';
import { markSpans } from './marks.ts';

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
