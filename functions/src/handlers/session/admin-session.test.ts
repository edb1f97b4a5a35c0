import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { proxyFixtures } from '../../testing/proxy-fixture.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { adminEntry } from '../../testing/records.js';
import { rawRequest, sendJson } from '../../testing/servers.js';
import { randomSessionId } from './admin-session.js';
import { readJsonBody } from './json-body.js';
import { signOutAdmin, type SignOutDeps, type VerifiedIdToken } from './sign-out.js';
import { createAdminIdentities } from '../audit/index.js';

const AT = 1_700_000_000_000;
const LIFETIME_MS = 4 * 3600 * 1000;
/** A session opened at AT, live until one lifetime later. */
const LIVE = { at: AT, expiresAt: AT + LIFETIME_MS, tokenHash: 'h' };
const ID_TOKEN = 'header.payload.signature';

/** An admin with two open sessions (two browsers), and an app user's device token beside. */
const seeded = () =>
  new MemoryDb({
    adminSessions: { '7': { s1: LIVE, s2: LIVE }, '8': { s3: LIVE } },
    deviceTokens: { '101': { '0': { token: 't', updatedAt: AT } } },
  });

function fakes(verified: VerifiedIdToken | Error, db = seeded()) {
  const revoked: string[] = [];
  const logger = recordingLogger();
  const deps: SignOutDeps = {
    verifyIdToken: async (idToken) => {
      if (idToken !== ID_TOKEN) throw new Error('auth/argument-error');
      if (verified instanceof Error) throw verified;
      return verified;
    },
    revokeRefreshTokens: async (uid) => {
      revoked.push(uid);
    },
    sessions: { db, now: () => AT, newId: () => 'unused', lifetimeMs: LIFETIME_MS },
    logger,
  };
  return { deps, db, revoked, logger };
}

const adminToken = (session?: string): VerifiedIdToken => ({
  uid: '7',
  claims: session === undefined ? { role: 'admin' } : { role: 'admin', session },
});

describe('signOutAdmin', () => {
  it("removes the session the ID token names and revokes the uid's refresh tokens", async () => {
    const { deps, db, revoked } = fakes(adminToken('s1'));
    const reply = await signOutAdmin({ idToken: ID_TOKEN }, deps);
    expect(reply.status).toBe(200);
    expect(JSON.parse(Buffer.from(reply.body as Uint8Array).toString())).toEqual({
      metadata: { success: 1, message: '' },
      payload: null,
    });
    expect(db.at('adminSessions')).toEqual({ '7': { s2: LIVE }, '8': { s3: LIVE } });
    expect(revoked).toEqual(['7']);
  });

  it('clears the push token of an admin whose last session ends, not while another is open', async () => {
    const db = new MemoryDb({
      adminSessions: { '7': { s1: LIVE, s2: LIVE }, '8': { s3: LIVE } },
      admin: adminEntry('7', 'browser-7'),
      admins: { '7': adminEntry('7', 'browser-7'), '8': adminEntry('8', 'browser-8') },
    });
    await signOutAdmin({ idToken: ID_TOKEN }, fakes(adminToken('s1'), db).deps);
    // Another browser of admin 7 is still signed in: it keeps receiving chat pushes.
    expect(db.at('admins/7/deviceToken')).toBe('browser-7');
    await signOutAdmin({ idToken: ID_TOKEN }, fakes(adminToken('s2'), db).deps);
    expect(db.at('admins/7/deviceToken')).toBe('');
    expect(db.at('admin/deviceToken')).toBe('');
    expect(db.at('admins/8/deviceToken')).toBe('browser-8');
  });

  it("clears the signing-out browser's own push token, even while another browser stays", async () => {
    const db = new MemoryDb({
      adminSessions: { '7': { s1: LIVE, s2: LIVE, s3: LIVE } },
      admin: adminEntry('7', 'browser-a'),
      admins: { '7': adminEntry('7', 'browser-a') },
    });
    await signOutAdmin(
      { idToken: ID_TOKEN, deviceToken: 'browser-b' },
      fakes(adminToken('s3'), db).deps,
    );
    // Browser b signed out, but the entries name browser a, which is still signed in.
    expect(db.at('admins/7/deviceToken')).toBe('browser-a');
    await signOutAdmin(
      { idToken: ID_TOKEN, deviceToken: 'browser-a' },
      fakes(adminToken('s1'), db).deps,
    );
    // Session s2 is still open: its browser gets pushes again once it writes its own token.
    expect(db.at('adminSessions/7/s2')).toEqual(LIVE);
    expect(db.at('admins/7/deviceToken')).toBe('');
    expect(db.at('admin/deviceToken')).toBe('');
  });

  it('logs whose session ended, and a refused token as a warning', async () => {
    const { deps, logger } = fakes(adminToken('s1'));
    await signOutAdmin({ idToken: ID_TOKEN }, deps);
    await signOutAdmin({ idToken: 'forged' }, deps);
    expect(logger.lines).toEqual([
      { level: 'info', message: expect.stringMatching(/\S/), fields: { uid: '7' } },
      {
        level: 'warn',
        message: expect.stringMatching(/\S/),
        fields: { error: 'Error: auth/argument-error' },
      },
    ]);
  });

  it('answers the same to a sign-out repeated after the session is gone', async () => {
    const { deps, db, revoked } = fakes(adminToken('s1'));
    await signOutAdmin({ idToken: ID_TOKEN }, deps);
    const again = await signOutAdmin({ idToken: ID_TOKEN }, deps);
    expect(again.status).toBe(200);
    expect(db.at('adminSessions/7')).toEqual({ s2: LIVE });
    expect(revoked).toEqual(['7', '7']);
  });

  it('revokes the refresh tokens of an admin token that names no session, removing nothing', async () => {
    const { deps, db, revoked } = fakes(adminToken());
    expect((await signOutAdmin({ idToken: ID_TOKEN }, deps)).status).toBe(200);
    expect(db.updates).toEqual([]);
    expect(revoked).toEqual(['7']);
  });

  it('refuses a body without an ID token (400), touching nothing', async () => {
    for (const body of [undefined, {}, { idToken: '' }, { idToken: 42 }, 'header.payload.sig']) {
      const { deps, db, revoked } = fakes(adminToken('s1'));
      expect((await signOutAdmin(body, deps)).status).toBe(400);
      expect(db.updates).toEqual([]);
      expect(revoked).toEqual([]);
    }
  });

  it('refuses an ID token that does not verify (401), touching nothing', async () => {
    const { deps, db, revoked, logger } = fakes(
      Object.assign(new Error('Firebase ID token has expired.'), { code: 'auth/id-token-expired' }),
    );
    expect((await signOutAdmin({ idToken: ID_TOKEN }, deps)).status).toBe(401);
    expect((await signOutAdmin({ idToken: 'forged' }, deps)).status).toBe(401);
    expect(db.updates).toEqual([]);
    expect(revoked).toEqual([]);
    expect(logger.lines[0]?.fields.error).toContain('expired');
  });

  it("refuses an app user's ID token (403): this route ends admin sessions only", async () => {
    const { deps, db, revoked } = fakes({ uid: '101', claims: {} });
    expect((await signOutAdmin({ idToken: ID_TOKEN }, deps)).status).toBe(403);
    const other = fakes({ uid: '105', claims: { role: 'user', session: 's1' } });
    expect((await signOutAdmin({ idToken: ID_TOKEN }, other.deps)).status).toBe(403);
    expect([...db.updates, ...other.db.updates]).toEqual([]);
    expect([...revoked, ...other.revoked]).toEqual([]);
  });

  it('answers 503 when the session record cannot be removed, and says so in the log', async () => {
    class UnreachableDb extends MemoryDb {
      override update(): Promise<void> {
        return Promise.reject(new Error('Client is offline.'));
      }
    }
    const { deps, revoked, logger } = fakes(adminToken('s1'), new UnreachableDb());
    const reply = await signOutAdmin({ idToken: ID_TOKEN }, deps);
    expect(reply.status).toBe(503);
    expect(revoked).toEqual([]);
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: expect.stringMatching(/\S/),
        fields: { uid: '7', error: 'Error: Client is offline.' },
      },
    ]);
  });

  it('answers 503 when the refresh tokens cannot be revoked (the record is gone already)', async () => {
    const { deps, db } = fakes(adminToken('s1'));
    const reply = await signOutAdmin(
      { idToken: ID_TOKEN },
      { ...deps, revokeRefreshTokens: () => Promise.reject(new Error('app/network-error')) },
    );
    expect(reply.status).toBe(503);
    expect(db.at('adminSessions/7')).toEqual({ s2: LIVE });
  });
});

describe('randomSessionId', () => {
  it('names a fresh database key each time', () => {
    const ids = new Set(Array.from({ length: 100 }, randomSessionId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('readJsonBody', () => {
  const stream = (...chunks: string[]) => ({
    kind: 'stream' as const,
    stream: (async function* () {
      for (const chunk of chunks) yield Buffer.from(chunk);
    })(),
  });

  it('reads JSON from bytes or a stream; anything else is undefined', async () => {
    const bytes = Buffer.from('{"idToken":"t"}');
    expect(await readJsonBody({ kind: 'bytes', bytes }, 100)).toEqual({ idToken: 't' });
    expect(await readJsonBody(stream('{"idTok', 'en":"t"}'), 100)).toEqual({ idToken: 't' });
    expect(await readJsonBody({ kind: 'none' }, 100)).toBeUndefined();
    expect(await readJsonBody(stream('not json'), 100)).toBeUndefined();
  });

  it('reads a body of exactly the limit, from bytes or a stream', async () => {
    const json = `{"idToken":"${'x'.repeat(86)}"}`;
    expect(json).toHaveLength(100);
    expect(await readJsonBody({ kind: 'bytes', bytes: Buffer.from(json) }, 100)).toEqual({
      idToken: 'x'.repeat(86),
    });
    expect(await readJsonBody(stream(json.slice(0, 60), json.slice(60)), 100)).toEqual({
      idToken: 'x'.repeat(86),
    });
  });

  it('stops pulling a stream once it is past the limit', async () => {
    let pulled = 0;
    const long = (async function* () {
      for (let i = 0; i < 1000; i++) {
        pulled += 1;
        yield Buffer.alloc(10, 'x');
      }
    })();
    expect(await readJsonBody({ kind: 'stream', stream: long }, 100)).toBeUndefined();
    expect(pulled).toBe(11);
  });

  it('stops reading past the limit', async () => {
    expect(await readJsonBody(stream('{"idToken":"', 'x'.repeat(200), '"}'), 100)).toBeUndefined();
    const bytes = Buffer.from(`{"idToken":"${'x'.repeat(200)}"}`);
    expect(await readJsonBody({ kind: 'bytes', bytes }, 100)).toBeUndefined();
  });
});

describe('POST /api/session/sign-out', () => {
  const fixtures = proxyFixtures();
  afterEach(fixtures.closeAll);

  it('takes the ID token from a JSON body, never asks the upstream, and refuses GET', async () => {
    const { deps, db, revoked } = fakes(adminToken('s1'));
    const { proxy, upstream } = await fixtures.start((_, res) => sendJson(res, 500, {}), deps);
    const reply = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/session/sign-out',
      headers: { 'content-type': 'application/json', authorization: 'Bearer upstream-token' },
      body: JSON.stringify({ idToken: ID_TOKEN }),
    });
    expect(reply.status).toBe(200);
    expect(db.at('adminSessions/7')).toEqual({ s2: LIVE });
    expect(revoked).toEqual(['7']);
    const get = await rawRequest(proxy.url, { path: '/api/session/sign-out' });
    expect(get.status).toBe(405);
    expect(upstream.seen).toEqual([]);
  });

  it('records the sign-out under the e-mail recorded with the session, not one the admin wrote', async () => {
    const { deps, db } = fakes(adminToken('s1'));
    await db.update({
      'adminSessions/7/s1': { ...LIVE, email: 'ada@fuel.test', name: 'Ada' },
      'adminSessions/7/s2': { ...LIVE, at: AT + 1, email: 'ada.old@fuel.test', name: 'Ada' },
      'admins/7': {
        id: '7',
        name: 'Ada',
        email: 'someone.else@fuel.test',
        image: '',
        deviceToken: '',
        lastLogin: AT,
      },
    });
    const audit = {
      db,
      now: () => AT,
      logger: recordingLogger(),
      identities: createAdminIdentities({ now: () => AT, ttlMs: 1, maxEntries: 1 }),
    };
    const { proxy } = await fixtures.start((_, res) => sendJson(res, 500, {}), {
      ...deps,
      audit,
    });
    await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/session/sign-out',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: ID_TOKEN }),
    });
    expect(Object.values(db.at(paths.auditLog()) as object)).toEqual([
      {
        uid: '7',
        email: 'ada@fuel.test',
        action: 'session.sign-out',
        summary: 'Signed out',
        status: 200,
        at: AT,
      },
    ]);
  });
});
