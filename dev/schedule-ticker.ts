import type { Logger } from './logger.ts';

/** How often the local stack runs the scheduled functions when SCHEDULE_TICK_MS is not set. */
export const DEFAULT_TICK_MS = 60_000;

/** The functions the stack runs on its own tick, each as it is deployed (functions/src/index.ts). */
export const SCHEDULED_FUNCTIONS = [
  'sendScheduledAlerts',
  'sweepSessions',
  'expireChangeRequests',
  'remindPriceDeadline',
] as const;

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
  post?: (url: string) => Promise<Reply>;
}

interface Reply {
  ok: boolean;
  status: number;
  text: string;
}

/** The id a 404 of the emulator lists for `name` in `region` ("…valid functions are: a, b"). */
function listedId(answer: string, region: string, name: string): string | undefined {
  const valid = answer.split('valid functions are:')[1] ?? '';
  const escaped = `${region}-${name}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}-\\d+`).exec(valid)?.[0];
}

/**
 * The Functions emulator serves no schedules without a Pub/Sub emulator (a downloaded jar), but
 * a POST to a v2 scheduled function at /{project}/{region}/{id} runs it once, as Cloud
 * Scheduler's call would. Its id there is its name plus the emulator's load generation
 * (`sendScheduledAlerts-0`, then `-1` after a reload), which a 404 lists. So the stack calls
 * each one every `everyMs`; a tick still running when the next is due is not doubled. Returns
 * the way to stop, which also ends a tick in flight without a word.
 */
export function startScheduleTicker(options: TickerOptions): () => void {
  const { functionsUrl, projectId, region, everyMs, log } = options;
  // Stopping also ends the tick in flight, quietly: the stack (and its log) is going away.
  const halted = new AbortController();
  const post =
    options.post ??
    (async (url: string): Promise<Reply> => {
      const signal = AbortSignal.any([halted.signal, AbortSignal.timeout(everyMs * 10)]);
      const reply = await fetch(url, { method: 'POST', signal });
      return { ok: reply.ok, status: reply.status, text: await reply.text() };
    });
  const ids = new Map<string, string>();
  const urlOf = (id: string) => `${functionsUrl}/${projectId}/${region}/${id}`;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const name of SCHEDULED_FUNCTIONS) {
        if (halted.signal.aborted) return;
        try {
          let reply = await post(urlOf(ids.get(name) ?? `${name}-0`));
          const listed = reply.status === 404 ? listedId(reply.text, region, name) : undefined;
          if (listed !== undefined) {
            ids.set(name, listed.slice(region.length + 1));
            reply = await post(urlOf(listed.slice(region.length + 1)));
          }
          if (!reply.ok && !halted.signal.aborted) {
            log.warn(`scheduled ${name}: the emulator answered ${reply.status} ${reply.text}`);
          }
        } catch (error) {
          if (!halted.signal.aborted) log.warn(`scheduled ${name}: ${String(error)}`);
        }
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    halted.abort();
  };
}
