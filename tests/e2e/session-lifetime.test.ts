import Database from 'better-sqlite3';
import { deleteApp } from 'firebase/app';
import { getAuth } from 'firebase/auth';
import { get, onValue, ref, set } from 'firebase/database';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { adminEntrySchema, paths } from '../../functions/src/contracts/index.js';
import { apiLogin, denial, ownerDatabase, signedInWeb } from './support/clients.ts';
import { describe, expect, it } from './support/fixtures.ts';
import { STACK_START_MS } from './support/npm-start.ts';
import { startUpstreamStack, type UpstreamStack } from './support/upstream-stack.ts';

// A stack whose admin sessions last seconds (the functions' ADMIN_SESSION_SECONDS), so what a
// lapse does can be watched: a client that never renews, as a modified one would not, keeps
// its connection and its unexpired ID token, and still loses every admin read and write.
const LIFETIME_SECONDS = 15;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-session-lifetime-'));
let upstream: UpstreamStack;

beforeAll(async () => {
  upstream = await startUpstreamStack(tmp, 'reference', {
    ADMIN_SESSION_SECONDS: String(LIFETIME_SECONDS),
  });
}, STACK_START_MS);
afterAll(async () => {
  await upstream.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}, 90_000);

describe('an admin session with a lifetime', () => {
  it('is lost within one lifetime by a demoted admin whose client keeps listening and writing', async () => {
    const { stack } = upstream;
    const owner = ownerDatabase(stack);
    const api = new Database(path.join(tmp, 'api', 'api.sqlite'));
    const login = await apiLogin(stack, stack.admin.email, stack.admin.password);
    const { app, uid, db } = await signedInWeb(stack, login.body.payload?.firebaseToken ?? '');
    try {
      const chat = paths.groupChat('1');
      let cancelled: Error | undefined;
      const seen: number[] = [];
      const stop = onValue(
        ref(db, chat),
        () => seen.push(Date.now()),
        (error) => (cancelled = error),
      );
      await expect.poll(() => seen.length).toBeGreaterThan(0);
      const entry = adminEntrySchema.parse({
        id: uid,
        name: 'Ada',
        email: stack.admin.email,
        image: '',
        deviceToken: 'browser-token',
        lastLogin: Date.now(),
      });
      await set(ref(db, paths.adminEntry(uid)), entry);
      const [session] = Object.values(
        ((await owner.db.ref(paths.adminSessions(uid)).get()).val() ?? {}) as Record<
          string,
          { at: number; expiresAt: number }
        >,
      );
      expect(session && session.expiresAt - session.at).toBe(LIFETIME_SECONDS * 1000);

      // Demoted upstream: this client asks nobody and renews nothing.
      api.prepare('UPDATE users SET role = ? WHERE email = ?').run('user', stack.admin.email);

      // Within one lifetime of the session's opening, every new read and write is refused.
      await expect
        .poll(() => denial(get(ref(db, 'users'))).catch(() => 'allowed'), {
          timeout: LIFETIME_SECONDS * 1000 + 10_000,
          interval: 1_000,
        })
        .toMatch(/permission.denied/i);
      // (A read of the chat would be answered from the open listener's cache.)
      expect(await denial(get(ref(db, paths.alerts())))).toMatch(/permission.denied/i);
      expect(await denial(set(ref(db, paths.adminEntry(uid)), entry))).toMatch(
        /permission.denied/i,
      );
      // The open listener is cut when the connection's token is next renewed (hourly, or now).
      await getAuth(app).currentUser?.getIdToken(true);
      await expect.poll(() => cancelled?.message ?? '').toMatch(/permission.denied/i);
      stop();

      // The sweep removes the lapsed record and the push token of an admin left with none.
      await expect
        .poll(async () => (await owner.db.ref(paths.adminSessions(uid)).get()).exists(), {
          timeout: 30_000,
        })
        .toBe(false);
      // The token goes right after the records, in a write of its own.
      await expect
        .poll(async () => (await owner.db.ref(`${paths.adminEntry(uid)}/deviceToken`).get()).val())
        .toBe('');

      // The session exchange the web would ask for next is refused: no new session opens.
      const exchange = await fetch(`${stack.urls.app}/api/session/firebase-token`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.body.payload?.token ?? ''}` },
      });
      expect(exchange.status).toBe(403);
      expect((await owner.db.ref(paths.adminSessions(uid)).get()).exists()).toBe(false);
    } finally {
      api.prepare('UPDATE users SET role = ? WHERE email = ?').run('admin', stack.admin.email);
      api.close();
      await deleteApp(app);
      await owner.close();
    }
  });
});
