/**
 * The push triggers' settings. Database events are delivered at least once: with `retry` a
 * failed or crashed invocation gets the event again (for up to a day, with backoff), and the
 * handlers' claims keep a second delivery from sending twice. A claim older than the timeout
 * belongs to an invocation the platform has stopped, so another may take it over.
 */
export const PUSH_TIMEOUT_SECONDS = 540;

export const pushTriggerOptions = { retry: true, timeoutSeconds: PUSH_TIMEOUT_SECONDS } as const;

export const claimDeps = () => ({
  now: Date.now,
  invocation: crypto.randomUUID(),
  takeoverMs: PUSH_TIMEOUT_SECONDS * 1000,
});
