import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from './logger.ts';
import { DEFAULT_TICK_MS, startScheduleTicker, tickPeriod } from './schedule-ticker.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the schedule ticker of the local stack', () => {
  it('takes its period from SCHEDULE_TICK_MS, a minute when unset', () => {
    expect(tickPeriod({})).toBe(DEFAULT_TICK_MS);
    expect(tickPeriod({ SCHEDULE_TICK_MS: '2000' })).toBe(2000);
    expect(() => tickPeriod({ SCHEDULE_TICK_MS: 'soon' })).toThrow(/SCHEDULE_TICK_MS/);
    expect(() => tickPeriod({ SCHEDULE_TICK_MS: '0' })).toThrow(/positive/);
  });

  it('posts to the scheduled function every period until stopped', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const stop = startScheduleTicker({
      functionsUrl: 'http://127.0.0.1:5001',
      projectId: 'demo-p',
      region: 'us-central1',
      everyMs: 1000,
      log: silentLogger,
      post: async (url) => {
        calls.push(url);
        return { ok: true, status: 200, text: '' };
      },
    });
    await vi.advanceTimersByTimeAsync(3000);
    const tick = [
      'http://127.0.0.1:5001/demo-p/us-central1/sendScheduledAlerts-0',
      'http://127.0.0.1:5001/demo-p/us-central1/sweepSessions-0',
      'http://127.0.0.1:5001/demo-p/us-central1/expireChangeRequests-0',
      'http://127.0.0.1:5001/demo-p/us-central1/remindPriceDeadline-0',
    ];
    expect(calls).toEqual([...tick, ...tick, ...tick]);
    stop();
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toHaveLength(12);
  });

  it('follows the id the emulator gives the function after a reload', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const stop = startScheduleTicker({
      functionsUrl: 'http://f',
      projectId: 'p',
      region: 'us-central1',
      everyMs: 1000,
      log: silentLogger,
      post: async (url) => {
        calls.push(url);
        return url.endsWith('-2')
          ? { ok: true, status: 200, text: '' }
          : {
              ok: false,
              status: 404,
              text: 'Function us-central1-sendScheduledAlerts-0 does not exist, valid functions are: us-central1-api, us-central1-sendScheduledAlerts-2',
            };
      },
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.filter((url) => url.includes('sendScheduledAlerts'))).toEqual([
      'http://f/p/us-central1/sendScheduledAlerts-0',
      'http://f/p/us-central1/sendScheduledAlerts-2',
      'http://f/p/us-central1/sendScheduledAlerts-2',
    ]);
    stop();
  });

  it('does not start a tick while the previous one still runs', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let finish = () => {};
    const stop = startScheduleTicker({
      functionsUrl: 'http://f',
      projectId: 'p',
      region: 'r',
      everyMs: 1000,
      log: silentLogger,
      post: () => {
        calls++;
        return new Promise((resolve) => {
          finish = () => resolve({ ok: true, status: 200, text: '' });
        });
      },
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(1);
    // The first function's run ends: the same tick goes on to the next function, and no other.
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(3);
    stop();
  });

  it('ends a tick in flight when stopped, calling and logging nothing more', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const warnings: string[] = [];
    let refuse: (error: Error) => void = () => {};
    const stop = startScheduleTicker({
      functionsUrl: 'http://127.0.0.1:5001',
      projectId: 'demo-p',
      region: 'us-central1',
      everyMs: 1000,
      log: { ...silentLogger, warn: (message) => warnings.push(message) },
      post: (url) => {
        calls.push(url);
        return new Promise((_, reject) => (refuse = reject));
      },
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
    stop();
    // The stack goes down: the call in flight fails, as its emulator is gone.
    refuse(new Error('socket hang up'));
    await vi.advanceTimersByTimeAsync(3000);
    expect(calls).toHaveLength(1);
    expect(warnings).toEqual([]);
  });
});
