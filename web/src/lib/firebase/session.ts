import * as z from 'zod/mini';
import {
  FIREBASE_TOKEN_PATH,
  RENEW_SESSION_PATH,
  SIGN_OUT_PATH,
  SIGN_OUT_EVERYWHERE_PATH,
} from '@contracts/api';
import {
  firebaseTokenPayloadSchema,
  renewedSessionPayloadSchema,
  type SignOutRequest,
} from '@contracts/api-replies';
import { paths } from '@contracts/realtime';
import { adminEntrySchema, type AdminEntry } from '@contracts/admins/admin-sessions';
import { isApiError, type ApiClient } from '../api/api-client';
import type { FirebaseRuntime } from './runtime';
import type { Logger } from '../logger';
import type { StoredUser } from '../session/stored-session';
import { STORAGE_KEYS, type KeyValueStorage } from '../storage';

/**
 * The Firebase side of the session: the API hands admins a custom token at login (and again on
 * request), the app signs in to Firebase Auth with it, and the Realtime Database rules then
 * see `auth.token.role === 'admin'` and the session the token names, which the API recorded
 * and removes at sign-out.
 */

export async function signInToFirebase(firebase: FirebaseRuntime, customToken: string) {
  const [auth, { signInWithCustomToken }] = await Promise.all([
    firebase.auth(),
    import('firebase/auth'),
  ]);
  await signInWithCustomToken(auth, customToken);
}

/**
 * After a reload Firebase Auth normally restores its own session; when it has none (expired,
 * emulator restarted, storage cleared) a fresh custom token is fetched with the API token.
 * Resolves true when a sign-in was needed.
 */
export async function restoreFirebaseSession(
  firebase: FirebaseRuntime,
  api: ApiClient,
  expectedUid: string,
): Promise<boolean> {
  const auth = await firebase.auth();
  await auth.authStateReady();
  if (auth.currentUser?.uid === expectedUid) return false;
  await openFirebaseSession(firebase, api);
  return true;
}

/** A new session: a custom token from the API for the admin of the API token, signed in with. */
async function openFirebaseSession(firebase: FirebaseRuntime, api: ApiClient) {
  const { firebaseToken } = await api.request({
    method: 'POST',
    path: FIREBASE_TOKEN_PATH,
    payload: firebaseTokenPayloadSchema,
  });
  await signInToFirebase(firebase, firebaseToken);
}

/**
 * Extends the admin's session on the server, which re-checks the admin role with the upstream
 * first. A session that lapsed meanwhile (the browser sat idle) or ended (410) is replaced by a
 * new one. Nothing to do when Firebase Auth holds no session; a refusal of the role (401, 403)
 * rejects, as any other failure does.
 */
export async function renewFirebaseSession(firebase: FirebaseRuntime, api: ApiClient) {
  const idToken = await sessionIdToken(firebase);
  if (idToken === null) return;
  const body: SignOutRequest = { idToken };
  try {
    await api.request({
      method: 'POST',
      path: RENEW_SESSION_PATH,
      body,
      payload: renewedSessionPayloadSchema,
    });
  } catch (error) {
    if (!isApiError(error) || error.status !== 410) throw error;
    await openFirebaseSession(firebase, api);
  }
}

export function adminEntryFor(user: StoredUser, deviceToken: string, now: number): AdminEntry {
  return adminEntrySchema.parse({
    id: String(user.id),
    name: user.name,
    email: user.email,
    image: user.image?.original_url ?? '',
    deviceToken,
    lastLogin: now,
  });
}

/**
 * Sign-in writes the admin to the realtime entry named `admin` (the last admin to sign in) and
 * to their own `admins/{uid}`, which no other admin's sign-in replaces; one update, so both or
 * neither.
 */
export function writeAdminEntry(firebase: FirebaseRuntime, entry: AdminEntry) {
  return updateAdminEntries(firebase, {
    [paths.admin()]: entry,
    [paths.adminEntry(entry.id)]: entry,
  });
}

/** A multi-path update below the root, e.g. `{ 'admins/4/deviceToken': token }`. */
export async function updateAdminEntries(
  firebase: FirebaseRuntime,
  values: Record<string, AdminEntry | string>,
) {
  const [database, { ref, update }] = await Promise.all([
    firebase.database(),
    import('firebase/database'),
  ]);
  await update(ref(database), values);
}

export interface AdminEntries {
  /** The admin's own `admins/{uid}`, null when there is none (or it is not an entry). */
  own: AdminEntry | null;
  /** Whom the `admin` entry names, null when there is none. */
  lastSignedInId: string | null;
}

export async function readAdminEntries(
  firebase: FirebaseRuntime,
  uid: string,
): Promise<AdminEntries> {
  const [database, { ref, get }] = await Promise.all([
    firebase.database(),
    import('firebase/database'),
  ]);
  const [own, lastId] = await Promise.all([
    get(ref(database, paths.adminEntry(uid))),
    get(ref(database, `${paths.admin()}/id`)),
  ]);
  const entry = adminEntrySchema.safeParse(own.val());
  const id: unknown = lastId.val();
  return {
    own: entry.success ? entry.data : null,
    lastSignedInId: typeof id === 'string' ? id : null,
  };
}

/** The ID token of this browser's Firebase session, or null when Firebase Auth holds none. */
export async function sessionIdToken(firebase: FirebaseRuntime): Promise<string | null> {
  const auth = await firebase.auth();
  await auth.authStateReady();
  return auth.currentUser === null ? null : auth.currentUser.getIdToken();
}

/**
 * Tells `onToken` this browser's current ID token, now and at every change (a refresh, which
 * Firebase Auth makes before the token expires while someone listens; a sign-in; null at
 * sign-out). Resolves to the unsubscribe.
 */
export async function watchIdToken(
  firebase: FirebaseRuntime,
  onToken: (idToken: string | null) => void,
): Promise<() => void> {
  const [auth, { onIdTokenChanged }] = await Promise.all([
    firebase.auth(),
    import('firebase/auth'),
  ]);
  return onIdTokenChanged(auth, (user) => {
    if (user === null) onToken(null);
    else user.getIdToken().then(onToken, () => onToken(null));
  });
}

/**
 * Ends the Firebase session an ID token belongs to on the server: the API removes the session
 * record the database rules require and revokes the refresh tokens, so the token, however long
 * it has left, opens nothing more.
 */
export async function endAdminSession(api: ApiClient, idToken: string, deviceToken = '') {
  const body: SignOutRequest = { idToken, ...(deviceToken ? { deviceToken } : {}) };
  await api.request({ method: 'POST', path: SIGN_OUT_PATH, body, payload: z.null() });
}

/**
 * A sign-out the server did not confirm (no answer within its time) leaves the ID token under
 * `unconfirmedSignOut`; a later signed-out start of the app asks the server again. Kept for the
 * next start when there is still no answer (offline, 5xx); dropped once the server answers,
 * a refusal included (an expired token: its session lapses on its own).
 */
export async function retryUnconfirmedSignOut(
  api: ApiClient,
  storage: KeyValueStorage,
  logger: Logger,
): Promise<void> {
  const idToken = storage.getItem(STORAGE_KEYS.unconfirmedSignOut);
  if (idToken === null) return;
  try {
    await endAdminSession(api, idToken);
  } catch (error) {
    if (isApiError(error) && (error.kind === 'network' || (error.status ?? 0) >= 500)) {
      logger.warn('The server has still not confirmed an earlier sign-out', error);
      return;
    }
  }
  storage.removeItem(STORAGE_KEYS.unconfirmedSignOut);
}

/**
 * Ends every session of the admin on the server, on every browser, this one included; the API
 * refuses from then on the upstream tokens those sessions were opened with. It needs this
 * browser's Firebase session, opened first when there is none (and failing as that does).
 */
export async function endEverySession(firebase: FirebaseRuntime, api: ApiClient, uid: string) {
  await restoreFirebaseSession(firebase, api, uid);
  const idToken = await sessionIdToken(firebase);
  if (idToken === null) throw new Error('No Firebase session to end the others with');
  const body: SignOutRequest = { idToken };
  await api.request({ method: 'POST', path: SIGN_OUT_EVERYWHERE_PATH, body, payload: z.null() });
}

/** Signs out of Firebase Auth, loading the SDK if this page had not needed it yet. */
export async function signOutOfFirebase(firebase: FirebaseRuntime) {
  const [auth, { signOut }] = await Promise.all([firebase.auth(), import('firebase/auth')]);
  await signOut(auth);
}
