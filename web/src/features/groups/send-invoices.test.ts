import { describe, expect, it } from 'vitest';
import { createReports } from './send-invoices';

describe('creating one report per member', () => {
  it('creates every report, at most `concurrency` at a time, and reports progress', async () => {
    let running = 0;
    let peak = 0;
    const progress: number[] = [];
    const members = Array.from({ length: 10 }, (_, i) => i + 1);
    const outcome = await createReports({
      members,
      concurrency: 3,
      create: async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
      },
      onProgress: (done, total) => progress.push(done * 100 + total),
    });
    expect(outcome.created.sort((a, b) => a - b)).toEqual(members);
    expect(outcome.failed).toEqual([]);
    expect(peak).toBe(3);
    expect(progress.at(-1)).toBe(10 * 100 + 10);
    expect(progress).toHaveLength(10);
  });

  it('keeps going past failures and names the members that failed', async () => {
    const outcome = await createReports({
      members: ['ann', 'bob', 'cy', 'dee'],
      create: async (member) => {
        if (member === 'bob' || member === 'dee') throw new Error(`no ${member}`);
      },
    });
    expect(outcome.created.sort()).toEqual(['ann', 'cy']);
    expect(outcome.failed.map((f) => f.member).sort()).toEqual(['bob', 'dee']);
    expect(String(outcome.failed[0]?.error)).toMatch(/no (bob|dee)/);
  });

  it('starts no new creation once aborted', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    await createReports({
      members: [1, 2, 3, 4, 5],
      concurrency: 1,
      signal: controller.signal,
      create: async (member) => {
        started.push(member);
        if (member === 2) controller.abort();
      },
    });
    expect(started).toEqual([1, 2]);
  });
});
