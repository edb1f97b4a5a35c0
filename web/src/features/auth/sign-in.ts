import type { LoginPayload } from '@contracts/upstream/upstream';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';
import { adminEntryFor, signInToFirebase, writeAdminEntry } from '@/lib/firebase/session';
import type { Logger } from '@/lib/logger';
import { unavailableReason } from '@/lib/realtime/keeper';
import { untilConnected, type RealtimeSessionStore } from '@/lib/realtime/session';
import type { SessionStore } from '@/lib/session/session';

export interface SignInDeps {
  session: SessionStore;
  firebase: FirebaseRuntime;
  realtimeSession: RealtimeSessionStore;
  logger: Logger;
  now: () => number;
  /** Told when realtime features could not be connected (the session itself stands). */
  onRealtimeUnavailable: () => void;
}

/**
 * Only admins may enter (their first role is `admin`); the API gives them a Firebase custom
 * token, or says why it could not mint one (they are signed in all the same).
 */
export function isAdminLogin(payload: LoginPayload): boolean {
  return (
    payload.user.role[0] === 'admin' &&
    (Boolean(payload.firebaseToken) || payload.firebaseUnavailable !== undefined)
  );
}

/**
 * Store the token and user (the route guard then opens the app), then, without holding the user
 * up, sign in to Firebase and write the admin's realtime entries (`admin` and `admins/{uid}`)
 * with the push token — again if a token arrives after the login request went out. Without a
 * Firebase session the session keeper asks for one in the background, and the entries are
 * written once it is there. A page load that cuts this short is made good at the next start
 * (`@/lib/admin-entry`).
 */
export function startSession(
  deps: SignInDeps,
  payload: LoginPayload,
  deviceToken: string,
  laterDeviceToken: Promise<string>,
): Promise<void> {
  const user = { ...payload.user, deviceToken };
  deps.session.start(payload.token, user);
  const current = () => deps.session.get()?.token === payload.token;
  return (async () => {
    if (!(await signInToRealtime(deps, payload))) {
      deps.onRealtimeUnavailable();
      if (!(await untilConnected(deps.realtimeSession, current))) return;
    }
    try {
      await writeAdminEntry(deps.firebase, adminEntryFor(user, deviceToken, deps.now()));
    } catch (error) {
      deps.logger.warn('Could not write the admin entry', error);
      return;
    }
    const later = await laterDeviceToken;
    if (!later || later === deviceToken || !current()) return;
    deps.session.updateUser({ ...user, deviceToken: later });
    await writeAdminEntry(deps.firebase, adminEntryFor(user, later, deps.now())).catch(
      (error: unknown) => deps.logger.warn('Could not update the admin push token', error),
    );
  })();
}

/** Signs in with the login's custom token; tells the store how it went. */
async function signInToRealtime(deps: SignInDeps, payload: LoginPayload): Promise<boolean> {
  if (!payload.firebaseToken) {
    deps.realtimeSession.set({
      status: 'unavailable',
      reason: payload.firebaseUnavailable?.reason ?? 'unknown',
    });
    return false;
  }
  try {
    await signInToFirebase(deps.firebase, payload.firebaseToken);
  } catch (error) {
    deps.logger.warn('Realtime sign-in failed', error);
    deps.realtimeSession.set({ status: 'unavailable', reason: unavailableReason(error) });
    return false;
  }
  deps.realtimeSession.set({ status: 'connected' });
  return true;
}
