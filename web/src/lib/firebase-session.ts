import * as z from 'zod/mini';
import { firebaseTokenPayloadSchema, type SignOutRequest } from '@contracts/api';
import { adminEntrySchema, paths, type AdminEntry } from '@contracts/realtime';
import type { ApiClient } from './api-client';
import type { FirebaseRuntime } from './firebase';
import type { StoredUser } from './stored-session';

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
  const { firebaseToken } = await api.request({
    method: 'POST',
    path: '/session/firebase-token',
    payload: firebaseTokenPayloadSchema,
  });
  await signInToFirebase(firebase, firebaseToken);
  return true;
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

/** SPEC section 4: sign-in writes the admin to the realtime entry named `admin`. */
export async function writeAdminEntry(firebase: FirebaseRuntime, entry: AdminEntry) {
  const [database, { ref, set }] = await Promise.all([
    firebase.database(),
    import('firebase/database'),
  ]);
  await set(ref(database, paths.admin()), entry);
}

/**
 * Ends the Firebase session on the server: the API removes the session record the database
 * rules require and revokes the refresh tokens, so this session's ID token, however long it has
 * left, opens nothing more. Nothing to do when Firebase Auth holds no session.
 */
export async function endAdminSession(firebase: FirebaseRuntime, api: ApiClient) {
  const auth = await firebase.auth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (user === null) return;
  const body: SignOutRequest = { idToken: await user.getIdToken() };
  await api.request({ method: 'POST', path: '/session/sign-out', body, payload: z.null() });
}

/** Signs out of Firebase Auth, loading the SDK if this page had not needed it yet. */
export async function signOutOfFirebase(firebase: FirebaseRuntime) {
  const [auth, { signOut }] = await Promise.all([firebase.auth(), import('firebase/auth')]);
  await signOut(auth);
}
