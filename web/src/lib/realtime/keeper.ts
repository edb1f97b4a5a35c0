import { firebaseUnavailablePayloadSchema, type FirebaseUnavailable } from '@contracts/api-replies';
import { isApiError, type ApiClient } from '../api/api-client';
import type { FirebaseRuntime } from '../firebase/runtime';
import { restoreFirebaseSession } from '../firebase/session';
import type { Logger } from '../logger';
import type { RealtimeSessionStore } from './session';

/**
 * Getting the admin's Firebase session back when it is unavailable. Loaded after the first paint
 * (and with the sign-in code), never with the shell.
 */

/**
 * 5 s after a failure, then twice as long each time, at most 5 minutes apart: soon enough that a
 * passing fault heals while the admin looks, sparse enough that hours of a missing IAM permission
 * cost a dozen requests an hour.
 */
export const RETRY_DELAYS_MS = { first: 5_000, max: 5 * 60_000 } as const;

/** Why the session could not be had, in the API's words when it gave some. */
export function unavailableReason(error: unknown): FirebaseUnavailable['reason'] {
  if (isApiError(error)) {
    const marker = firebaseUnavailablePayloadSchema.safeParse(error.payload);
    if (marker.success) return marker.data.firebaseUnavailable.reason;
    // No answer, or the proxy saying the upstream gave none (502, 504).
    const unanswered = error.kind === 'network' || error.status === 502 || error.status === 504;
    return unanswered ? 'unreachable' : 'unknown';
  }
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
  // Firebase Auth could not reach its service to sign in with the custom token.
  return code === 'auth/network-request-failed' ? 'unreachable' : 'unknown';
}

export interface RealtimeKeeperDeps {
  firebase: FirebaseRuntime;
  api: ApiClient;
  realtimeSession: RealtimeSessionStore;
  logger: Logger;
  /** The signed-in admin's id, the uid their Firebase session must have. */
  uid: string;
}

/**
 * One try: a Firebase session for the admin (the one Firebase Auth kept, or a new one from
 * `POST /api/session/firebase-token`), told to the store either way. Nothing is told once `signal`
 * has aborted (the admin signed out meanwhile).
 */
export async function connectRealtime(
  deps: RealtimeKeeperDeps,
  signal?: AbortSignal,
): Promise<boolean> {
  try {
    await restoreFirebaseSession(deps.firebase, deps.api, deps.uid);
    if (!signal?.aborted) deps.realtimeSession.set({ status: 'connected' });
    return true;
  } catch (error) {
    deps.logger.warn('The realtime session is unavailable', error);
    if (!signal?.aborted) {
      deps.realtimeSession.set({ status: 'unavailable', reason: unavailableReason(error) });
    }
    return false;
  }
}

/**
 * Keeps the admin's Firebase session until `signal` aborts (sign-out): checks it at once when
 * `checkFirst` (a session restored from storage), and whenever the store says it is unavailable
 * tries again, `RETRY_DELAYS_MS` apart, until it is back. The realtime screens follow Firebase
 * Auth, so they come back on their own.
 */
export function keepRealtimeSession(
  deps: RealtimeKeeperDeps,
  signal: AbortSignal,
  checkFirst: boolean,
): void {
  if (signal.aborted) return;
  let retrying = false;
  const retry = async () => {
    retrying = true;
    let delay: number = RETRY_DELAYS_MS.first;
    do {
      await sleep(delay, signal);
      delay = Math.min(delay * 2, RETRY_DELAYS_MS.max);
    } while (!signal.aborted && !(await connectRealtime(deps, signal)));
    retrying = false;
  };
  const follow = () => {
    if (!retrying && !signal.aborted && deps.realtimeSession.get().status === 'unavailable') {
      void retry();
    }
  };
  const stop = deps.realtimeSession.subscribe(follow);
  signal.addEventListener('abort', stop, { once: true });
  if (checkFirst) void connectRealtime(deps, signal);
  else follow();
}

/** Waits `ms`, or less if `signal` aborts first. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
