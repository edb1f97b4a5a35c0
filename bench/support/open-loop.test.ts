import { describe, expect, it } from 'vitest';
import { openLoop } from './open-loop.ts';

/** A clock that only moves when the load generator sleeps. */
function fakeClock() {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => void (now += ms) };
}

describe('openLoop', () => {
  it('sends rate × duration requests on schedule without waiting for replies', async () => {
    const clock = fakeClock();
    const sentAt: number[] = [];
    const pending: (() => void)[] = [];
    const result = openLoop({
      rate: 200,
      durationMs: 100,
      ...clock,
      request: () =>
        new Promise<void>((resolve) => {
          sentAt.push(clock.now());
          pending.push(resolve);
        }),
    });
    // Let the generator run through its schedule; no reply has come back yet.
    for (let i = 0; i < 50 && sentAt.length < 20; i++) await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(sentAt).toHaveLength(20);
    expect(sentAt.slice(0, 3)).toEqual([0, 5, 10]);
    pending.forEach((resolve) => resolve());
    const { latencies, failures } = await result;
    expect(latencies).toHaveLength(20);
    expect(failures).toEqual([]);
  });

  it('counts failed requests apart from latencies', async () => {
    const clock = fakeClock();
    let n = 0;
    const result = await openLoop({
      rate: 100,
      durationMs: 100,
      ...clock,
      request: async () => {
        n++;
        if (n % 5 === 0) throw new Error('HTTP 502');
      },
    });
    expect(result.latencies).toHaveLength(8);
    expect(result.failures).toEqual(['HTTP 502', 'HTTP 502']);
  });
});
