import type { LoginPayload } from '@contracts/upstream';
import type { FirebaseRuntime } from '@/lib/firebase';
import { adminEntryFor, signInToFirebase, writeAdminEntry } from '@/lib/firebase-session';
import type { Logger } from '@/lib/logger';
import type { SessionStore } from '@/lib/session';

export interface SignInDeps {
  session: SessionStore;
  firebase: FirebaseRuntime;
  logger: Logger;
  now: () => number;
  /** Told when realtime features could not be connected (the session itself stands). */
  onRealtimeUnavailable: () => void;
}

/** Only admins may enter (SPEC section 1); the API gives them a Firebase custom token. */
export function isAdminLogin(payload: LoginPayload): payload is LoginPayload & {
  firebaseToken: string;
} {
  return payload.user.role[0] === 'admin' && Boolean(payload.firebaseToken);
}

/**
 * SPEC section 4: store the token and user (the route guard then opens the app), then, without
 * holding the user up, sign in to Firebase and write the `admin` realtime entry with the push
 * token — again if a token arrives after the login request went out.
 */
export function startSession(
  deps: SignInDeps,
  payload: LoginPayload & { firebaseToken: string },
  deviceToken: string,
  laterDeviceToken: Promise<string>,
): Promise<void> {
  const user = { ...payload.user, deviceToken };
  deps.session.start(payload.token, user);
  return (async () => {
    try {
      await signInToFirebase(deps.firebase, payload.firebaseToken);
      await writeAdminEntry(deps.firebase, adminEntryFor(user, deviceToken, deps.now()));
    } catch (error) {
      deps.logger.warn('Realtime sign-in failed', error);
      deps.onRealtimeUnavailable();
      return;
    }
    const later = await laterDeviceToken;
    if (!later || later === deviceToken || deps.session.get()?.token !== payload.token) return;
    deps.session.updateUser({ ...user, deviceToken: later });
    await writeAdminEntry(deps.firebase, adminEntryFor(user, later, deps.now())).catch(
      (error: unknown) => deps.logger.warn('Could not update the admin push token', error),
    );
  })();
}
