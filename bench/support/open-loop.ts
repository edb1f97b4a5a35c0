export interface OpenLoopResult {
  /** ms from sending each request to the end of its reply, in sending order. */
  latencies: number[];
  failures: string[];
  /** How late the most delayed send left after its scheduled time, in ms. */
  maxSendLagMs: number;
}

export interface OpenLoopOptions {
  /** Requests per second. */
  rate: number;
  durationMs: number;
  /** Sends one request and resolves when its reply has been read; rejects on a failure. */
  request: () => Promise<void>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * An open-loop load: request i is sent at start + i / rate whether or not earlier ones have
 * answered (a closed loop, waiting for each reply, would slow down with the server and hide
 * its queueing). A send that falls behind schedule goes out at once.
 */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? defaultSleep;
  const count = Math.round((options.rate * options.durationMs) / 1000);
  const interval = 1000 / options.rate;
  const latencies = new Array<number>(count).fill(Number.NaN);
  const failures: string[] = [];
  const inFlight: Promise<void>[] = [];
  let maxSendLagMs = 0;
  const start = now();
  for (let i = 0; i < count; i++) {
    const scheduled = start + i * interval;
    const wait = scheduled - now();
    if (wait > 0) await sleep(wait);
    const sentAt = now();
    maxSendLagMs = Math.max(maxSendLagMs, sentAt - scheduled);
    inFlight.push(
      options.request().then(
        () => {
          latencies[i] = now() - sentAt;
        },
        (error: unknown) => {
          failures.push(error instanceof Error ? error.message : String(error));
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return { latencies: latencies.filter((l) => !Number.isNaN(l)), failures, maxSendLagMs };
}
