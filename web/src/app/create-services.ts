import { createApiClient } from '@/lib/api/api-client';
import { capabilitiesReader } from '@/lib/api/capabilities';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';
import { createLeaveGuard } from '@/lib/leave-guard/leave-guard';
import type { Logger } from '@/lib/logger';
import { createRealtimeSessionStore } from '@/lib/realtime/session';
import type { Services } from '@/lib/services';
import { createSessionStore, type Session } from '@/lib/session/session';
import { STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';
import type { ThemeStore } from '@/lib/theme';

export interface ServiceDeps {
  storage: KeyValueStorage;
  /** The session storage held at page load. */
  initialSession: Session | null;
  logger: Logger;
  fetch: typeof fetch;
  /** Firebase, made by the boot: a screen that opens on a database read starts it early. */
  firebase: FirebaseRuntime;
  vapidKey: string | undefined;
  /** Where the emulator-only stand-in push token of this browser profile is kept. */
  indexedDB: IDBFactory;
  /** The browser's service workers (`navigator.serviceWorker`), absent where there are none. */
  serviceWorkers: Pick<ServiceWorkerContainer, 'getRegistration'> | undefined;
  theme: ThemeStore;
  alertSound: { play(): Promise<boolean> };
  /** Re-reads the language from storage (en after sign-out cleared it). */
  resetLanguage: () => Promise<unknown>;
  reload: () => void;
  now: () => number;
}

/** Firebase sign-out must not hold the user on a page they asked to leave. */
const FIREBASE_SIGN_OUT_TIMEOUT_MS = 2000;
/**
 * How long the Firebase sign-out waits for the API to end the session on the server first (it
 * needs the session's ID token, which the sign-out discards). The page does not wait for it.
 */
const SERVER_SIGN_OUT_TIMEOUT_MS = 5000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createServices(deps: ServiceDeps): Services {
  const session = createSessionStore(deps.storage, deps.initialSession);
  const { firebase } = deps;
  const realtimeSession = createRealtimeSessionStore();
  let leaving: Promise<void> | undefined;
  const signingOut = new Set<() => void>();

  // Sign-out clears ALL local storage (preferences too, so language and theme
  // return to their defaults) and signs out of Firebase. With the session gone the route guard
  // sends the page to /auth/login, unmounting the shell and its query cache with it.
  // The API ends the session on the server first (the database then refuses its tokens); a
  // failure there is logged and the sign-out goes on: the admin asked to leave.
  const signOut = () => {
    if (!leaving) for (const listener of [...signingOut]) listener();
    leaving ??= (async () => {
      // This browser's push token: the server clears it from the admin entries it still names.
      const deviceToken = session.get()?.user.deviceToken ?? '';
      const firebaseSignOut = import('@/lib/firebase/session').then(
        async ({ endAdminSession, sessionIdToken, signOutOfFirebase }) => {
          const idToken = await sessionIdToken(firebase);
          if (idToken !== null) {
            const confirmed = await Promise.race([
              endAdminSession(api, idToken, deviceToken).then(
                () => true,
                (error: unknown) => {
                  deps.logger.warn('Could not end the session on the server', error);
                  return false;
                },
              ),
              delay(SERVER_SIGN_OUT_TIMEOUT_MS).then(() => false),
            ]);
            // Written after the storage was cleared: the next start asks the server again.
            if (!confirmed) deps.storage.setItem(STORAGE_KEYS.unconfirmedSignOut, idToken);
          }
          await signOutOfFirebase(firebase);
        },
      );
      const pushEnded = import('@/lib/push/push').then(({ endPushSubscription }) =>
        endPushSubscription(deps.serviceWorkers),
      );
      session.clear();
      // The next admin's Firebase session is theirs to find out about.
      realtimeSession.set({ status: 'connecting' });
      deps.theme.reset();
      await Promise.all([
        deps.resetLanguage(),
        Promise.race([
          Promise.all([
            firebaseSignOut.catch((error: unknown) =>
              deps.logger.warn('Firebase sign-out failed', error),
            ),
            pushEnded.catch((error: unknown) =>
              deps.logger.warn('Could not end the push subscription', error),
            ),
          ]),
          delay(FIREBASE_SIGN_OUT_TIMEOUT_MS),
        ]),
      ]);
    })().finally(() => {
      leaving = undefined;
    });
    return leaving;
  };

  // The session's current ID token, kept fresh by Firebase Auth from the first time the
  // database session connects (Firebase is not loaded for a signed-out page before that).
  let idToken: string | null = null;
  const stopWaiting = realtimeSession.subscribe(() => {
    if (realtimeSession.get().status !== 'connected') return;
    stopWaiting();
    import('@/lib/firebase/session')
      .then(({ watchIdToken }) => watchIdToken(firebase, (next) => void (idToken = next)))
      .catch((error: unknown) => deps.logger.warn('Cannot follow the session ID token', error));
  });

  const api = createApiClient({
    fetch: deps.fetch,
    getToken: () => session.get()?.token ?? null,
    sessionProof: () => idToken,
    onUnauthorized: () => void signOut(),
    logger: deps.logger,
  });

  // A signed-out start finishes a sign-out the server did not confirm (never with a session:
  // the request would carry a new sign-in's token).
  if (deps.initialSession === null && deps.storage.getItem(STORAGE_KEYS.unconfirmedSignOut)) {
    void import('@/lib/firebase/session').then(({ retryUnconfirmedSignOut }) =>
      retryUnconfirmedSignOut(api, deps.storage, deps.logger),
    );
  }

  return {
    storage: deps.storage,
    session,
    api,
    capabilities: capabilitiesReader(api, deps.logger),
    firebase,
    realtimeSession,
    push: {
      firebase,
      vapidKey: deps.vapidKey,
      logger: deps.logger,
      emulatorDeviceId: () =>
        import('@/lib/push/emulator-device-id').then(({ emulatorDeviceIdIn }) =>
          emulatorDeviceIdIn(deps.indexedDB, () => crypto.randomUUID())(),
        ),
    },
    logger: deps.logger,
    theme: deps.theme,
    alertSound: deps.alertSound,
    leaveGuard: createLeaveGuard(),
    signOut,
    beforeSignOut(listener) {
      signingOut.add(listener);
      return () => void signingOut.delete(listener);
    },
    reload: deps.reload,
    now: deps.now,
  };
}
