import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
} from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import { connectDatabaseEmulator, get, getDatabase, ref } from 'firebase/database';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll } from 'vitest';
import { z } from 'zod';
import {
  API_PREFIX,
  FIREBASE_TOKEN_PATH,
  paths,
  SIGN_OUT_PATH,
} from '../../functions/src/contracts/index.js';
import { apiLogin, denial, ownerDatabase, signedInWeb, signIn } from './support/clients.ts';
import { describe, expect, inject, it, test } from './support/fixtures.ts';

// An admin's session ends on the server: after the sign-out route, the ID token the session
// holds, still unexpired, opens nothing in the database the stack enforces the rules file on.
const stack = inject('stack');
const owner = ownerDatabase(stack);
// firebase-admin finds the Auth emulator through the environment, as the functions do.
process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(stack.urls.auth).host;
const adminApp = initializeAdminApp({ projectId: stack.projectId }, `admin-${randomUUID()}`);
const adminAuth = getAdminAuth(adminApp);
afterAll(async () => {
  await owner.close();
  await deleteAdminApp(adminApp);
});

/** The web SDK in node, signed in with the custom token of a real /api/login. */
async function signedInAdmin() {
  const login = await apiLogin(stack, stack.admin.email, stack.admin.password);
  const app = initializeApp(
    {
      apiKey: 'fake-api-key',
      projectId: stack.projectId,
      databaseURL: `https://${stack.rtdb.namespace}.firebaseio.com`,
    },
    randomUUID(),
  );
  const auth = getAuth(app);
  connectAuthEmulator(auth, stack.urls.auth, { disableWarnings: true });
  const { user } = await signInWithCustomToken(auth, login.body.payload?.firebaseToken ?? '');
  const db = getDatabase(app);
  connectDatabaseEmulator(db, stack.rtdb.host, stack.rtdb.port);
  return { app, user, db };
}

/** A read over the REST API with an ID token as `?auth=`: its HTTP status. */
async function restRead(path: string, idToken: string): Promise<number> {
  const url = new URL(`http://${stack.rtdb.host}:${stack.rtdb.port}/${path}.json`);
  url.searchParams.set('ns', stack.rtdb.namespace);
  url.searchParams.set('auth', idToken);
  return (await fetch(url)).status;
}

describe('admin sessions', () => {
  it("refuses the session's still-valid ID token once the admin has signed out", async () => {
    const { app, user, db } = await signedInAdmin();
    try {
      const idToken = await user.getIdToken();
      const session = (await user.getIdTokenResult()).claims.session;
      expect(typeof session).toBe('string');
      const record = paths.adminSession(user.uid, String(session));
      expect((await owner.db.ref(record).get()).exists()).toBe(true);

      const chat = paths.groupChat('1');
      await get(ref(db, chat));
      await get(ref(db, paths.alerts()));
      expect(await restRead(chat, idToken)).toBe(200);

      const signedOutAt = Date.now();
      const reply = await fetch(`${stack.urls.app}${API_PREFIX}${SIGN_OUT_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idToken }),
      });
      expect(reply.status).toBe(200);
      expect((await owner.db.ref(record).get()).exists()).toBe(false);

      // The same client, its ID token unexpired, and the token alone over REST.
      expect(await denial(get(ref(db, chat)))).toMatch(/permission.denied/i);
      expect(await denial(get(ref(db, paths.alerts())))).toMatch(/permission.denied/i);
      expect(await restRead(chat, idToken)).toBe(401);
      // Its refresh tokens are revoked. The Auth emulator records it but still refreshes them,
      // so the record the revocation leaves is what can be checked here.
      const revokedAt = Date.parse((await adminAuth.getUser(user.uid)).tokensValidAfterTime ?? '');
      expect(revokedAt).toBeGreaterThanOrEqual(Math.floor(signedOutAt / 1000) * 1000);
    } finally {
      await deleteApp(app);
    }
  });

  it('refuses a sign-out whose ID token does not verify', async () => {
    const reply = await fetch(`${stack.urls.app}${API_PREFIX}${SIGN_OUT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: 'not.a.token' }),
    });
    expect(reply.status).toBe(401);
  });
});

describe('signing out of every browser', () => {
  test("ends another browser's session, and refuses its stored sign-in a new one", async ({
    page,
    errors,
  }) => {
    // Signing out reads nothing that the signed-out page would log as an error but the
    // refusals that end the session.
    errors.expect(/40[13]/);
    // The second browser: its own sign-in (upstream token) and database session.
    const other = await apiLogin(stack, stack.admin.email, stack.admin.password);
    const { app, db } = await signedInWeb(stack, other.body.payload?.firebaseToken ?? '');
    try {
      const chat = paths.groupChat('1');
      await get(ref(db, chat));

      await signIn(page, stack);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out-everywhere').click();
      const dialog = page.getByTestId('sign-out-everywhere-dialog');
      await expect.poll(() => dialog.textContent()).toContain('not revoked');
      await dialog.getByRole('button', { name: 'Sign out of every browser' }).click();
      await page.waitForURL('**/auth/login');

      // The other browser reads nothing more, and its stored sign-in opens no new session.
      expect(await denial(get(ref(db, chat)))).toMatch(/permission.denied/i);
      const exchange = await fetch(`${stack.urls.app}${API_PREFIX}${FIREBASE_TOKEN_PATH}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other.body.payload?.token ?? ''}` },
      });
      expect(exchange.status).toBe(401);
      // A new sign-in is a new token: it is served as ever.
      const again = await apiLogin(stack, stack.admin.email, stack.admin.password);
      expect(again.body.payload?.firebaseToken).toBeTruthy();
    } finally {
      await deleteApp(app);
    }
  });
});

describe('an admin demoted upstream', () => {
  test('is signed out by the app within the re-check interval', async ({ page, errors }) => {
    // Signing out reads nothing that the signed-out page would log as an error but the
    // refusals that end the session.
    errors.expect(/40[13]/);
    const upstream = new Database(path.join(stack.dataDir, 'api', 'api.sqlite'));
    const setRole = upstream.prepare<[string, string]>('UPDATE users SET role = ? WHERE email = ?');
    try {
      // The stack's config, with the role re-checked every second instead of every 10 minutes.
      await page.route('**/emulators.json', async (route) => {
        const original = await route.fetch();
        const config = z.record(z.string(), z.unknown()).parse(await original.json());
        await route.fulfill({ response: original, json: { ...config, roleRecheckMs: 1_000 } });
      });
      await signIn(page, stack);
      setRole.run('user', stack.admin.email);
      await page.waitForURL('**/auth/login', { timeout: 15_000 });
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    } finally {
      setRole.run('admin', stack.admin.email);
      upstream.close();
    }
  });
});
