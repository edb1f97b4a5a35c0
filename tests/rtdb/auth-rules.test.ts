/**
 * database.rules.json semantics seen through the web SDK: an identity with a custom `role`
 * claim (what the product's login exchange mints), `auth.uid`, `auth.token.*`, `.validate`,
 * and the PERMISSION_DENIED errors a denied read or write gives the client.
 *
 * With FIREBASE_AUTH_EMULATOR_HOST set, the identity comes from the real Auth emulator (a custom
 * token from firebase-admin, then signInWithCustomToken); otherwise from an ID token shaped
 * like the Auth emulator's (unsigned, `user_id`/`sub`/claims), given to the SDK as its token.
 * `npm test` always runs the real path too, against the local stack, in tests/e2e/stack.test.ts
 * (the admin's session from /api/login and an app user's, both through the Auth emulator).
 */
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
} from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import { get, onValue, ref, set, update, type Database } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatorStyleIdToken, eventually, startDatabase, type TestDatabase } from './support.js';

const RULES = {
  rules: {
    admin: {
      '.read': "auth != null && auth.token.role === 'admin'",
      '.write': "auth != null && auth.token.role === 'admin'",
    },
    users: {
      $uid: {
        '.read': 'auth != null && auth.uid === $uid',
        '.write': 'auth != null && auth.uid === $uid',
        '.validate': "newData.hasChildren(['name']) && newData.child('name').isString()",
      },
    },
    audit: {
      $uid: {
        '.write':
          "auth != null && newData.child('by').val() === auth.uid && newData.child('role').val() === auth.token.role",
      },
    },
  },
};

const PROJECT = 'demo-rtdb-tests';
const authEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;

let db: TestDatabase;
beforeEach(async () => {
  db = await startDatabase(RULES);
});
afterEach(async () => {
  await db.close();
});

/** A database client signed in as `uid` with custom claims. */
async function signedIn(uid: string, claims: Record<string, unknown>): Promise<Database> {
  if (authEmulator === undefined) return db.client(emulatorStyleIdToken(PROJECT, uid, claims));
  const admin = initializeAdminApp({ projectId: PROJECT }, `admin-${uid}-${Date.now()}`);
  try {
    const customToken = await getAdminAuth(admin).createCustomToken(uid, claims);
    const app = db.newApp({ apiKey: 'demo-api-key', projectId: PROJECT });
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://${authEmulator}`, { disableWarnings: true });
    await signInWithCustomToken(auth, customToken);
    return db.client(undefined, app);
  } finally {
    await deleteAdminApp(admin);
  }
}

async function rejection(promise: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error('expected the operation to be denied, it succeeded');
}

describe('rules with a custom-claims identity', () => {
  it('see auth.uid and auth.token.role', async () => {
    const admin = await signedIn('ada', { role: 'admin' });
    await set(ref(admin, 'admin'), { id: 'ada', name: 'Ada' });
    expect((await get(ref(admin, 'admin'))).val()).toEqual({ id: 'ada', name: 'Ada' });
    await set(ref(admin, 'users/ada'), { name: 'Ada' });
    await set(ref(admin, 'audit/a1'), { by: 'ada', role: 'admin' });

    const user = await signedIn('bob', { role: 'user' });
    await set(ref(user, 'users/bob'), { name: 'Bob' });
    await set(ref(user, 'audit/b1'), { by: 'bob', role: 'user' });
    expect((await rejection(set(ref(user, 'audit/b2'), { by: 'bob', role: 'admin' }))).code).toBe(
      'PERMISSION_DENIED',
    );
    expect((await rejection(set(ref(user, 'audit/b3'), { by: 'ada', role: 'user' }))).code).toBe(
      'PERMISSION_DENIED',
    );
  });

  it('a denied write gives PERMISSION_DENIED, for set, update and a failed .validate', async () => {
    const user = await signedIn('bob', { role: 'user' });
    const denied = await rejection(set(ref(user, 'admin/name'), 'Bob'));
    expect(denied.code).toBe('PERMISSION_DENIED');
    expect(denied.message).toContain('PERMISSION_DENIED');
    expect((await rejection(set(ref(user, 'users/ada'), { name: 'Eve' }))).code).toBe(
      'PERMISSION_DENIED',
    );
    // A multi-path update is denied as a whole when one of its paths is.
    const partly = update(ref(user), {
      'users/bob': { name: 'Bob' },
      'users/ada': { name: 'Bob' },
    });
    expect((await rejection(partly)).code).toBe('PERMISSION_DENIED');
    expect((await rejection(set(ref(user, 'users/bob'), { nickname: 'B' }))).code).toBe(
      'PERMISSION_DENIED',
    );

    const check = await signedIn('ada', { role: 'admin' });
    expect((await get(ref(check, 'admin'))).exists()).toBe(false);
  });

  it('a denied read gives PERMISSION_DENIED, to get() and to a listener', async () => {
    const owner = await signedIn('ada', { role: 'admin' });
    await set(ref(owner, 'users/ada'), { name: 'Ada' });

    const user = await signedIn('bob', { role: 'user' });
    expect((await rejection(get(ref(user, 'users/ada')))).message).toMatch(/permission.denied/i);
    let cancelled: { code?: string } | undefined;
    onValue(
      ref(user, 'admin'),
      () => {},
      (error) => {
        cancelled = error as { code?: string };
      },
    );
    const error = await eventually(() => cancelled, 'the listener to be cancelled');
    expect(error.code).toBe('PERMISSION_DENIED');

    const signedOut = db.client();
    expect((await rejection(set(ref(signedOut, 'users/bob'), { name: 'Bob' }))).code).toBe(
      'PERMISSION_DENIED',
    );
  });
});
