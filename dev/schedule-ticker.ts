import type { Logger } from './logger.ts';

/** How often the local stack runs the scheduled functions when SCHEDULE_TICK_MS is not set. */
export const DEFAULT_TICK_MS = 60_000;

/** The functions the stack runs on its own tick, each as it is deployed (functions/src/index.ts). */
export const SCHEDULED_FUNCTIONS = ['sendScheduledAlerts'] as const;

/** The tick period from SCHEDULE_TICK_MS (ms, a positive integer), else the default. */
export function tickPeriod(env: NodeJS.ProcessEnv): number {
  const raw = env.SCHEDULE_TICK_MS;
  if (raw === undefined || raw === '') return DEFAULT_TICK_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new RangeError(`SCHEDULE_TICK_MS must be a positive whole number of ms, not "${raw}"`);
  }
  return ms;
}

export interface TickerOptions {
  /** The Functions emulator, e.g. http://127.0.0.1:5001. */
  functionsUrl: string;
  projectId: string;
  region: string;
  everyMs: number;
  log: Logger;
  post?: (url: string) => Promise<{ ok: boolean; status: number }>;
}

/**
 * The Functions emulator serves no schedules without a Pub/Sub emulator (a downloaded jar), but
 * it serves a v2 scheduled function at /{project}/{region}/{name}, where a POST runs it once, as
 * Cloud Scheduler's call would. So the stack calls each one every `everyMs`; a tick still
 * running when the next is due is not doubled. Returns the way to stop.
 */
export function startScheduleTicker(options: TickerOptions): () => void {
  const { functionsUrl, projectId, region, everyMs, log } = options;
  const post =
    options.post ??
    ((url: string) => fetch(url, { method: 'POST', signal: AbortSignal.timeout(everyMs * 10) }));
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const name of SCHEDULED_FUNCTIONS) {
        const url = `${functionsUrl}/${projectId}/${region}/${name}`;
        try {
          const reply = await post(url);
          if (!reply.ok) log.warn(`scheduled ${name}: the emulator answered ${reply.status}`);
        } catch (error) {
          log.warn(`scheduled ${name}: ${String(error)}`);
        }
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
