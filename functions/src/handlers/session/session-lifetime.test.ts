/**
 * Sessions that end without the browser: renewal with the role re-checked, the upstream's
 * refusals acted on at once, and the sweep of lapsed records.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MemoryDb } from '../../testing/memory-db.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { adminEntry } from '../../testing/records.js';
import { MESSAGES, type ProxyReply } from '../upstream/index.js';
import { signOutEverywhere, type VerifiedIdToken } from './sign-out.js';
import { exchangeSession, type GetMe } from './login-exchange.js';
import { renewAdminSession } from './renew-session.js';
import { SIGN_IN_RECORD_MS, sweepAdminSessions } from './sweep-sessions.js';

const NOW = 1_700_000_000_000;
const LIFETIME_MS = 60_000;
const ID_TOKEN = 'header.payload.signature';
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
/** A session opened with upstream token `token`, lapsing at `expiresAt`. */
const session = (token: string, expiresAt = NOW + 30_000) => ({
  at: NOW - 30_000,
  expiresAt,
  tokenHash: hashOf(token),
});

/** Admin 7 signed in on two browsers (tokens t1, t2), admin 8 on one (t8); their push tokens. */
const world = () =>
  new MemoryDb({
    adminSessions: {
      '7': { s1: session('t1'), s2: session('t2') },
      '8': { s8: session('t8') },
    },
    admin: adminEntry('7', 'browser-7'),
    admins: { '7': adminEntry('7', 'browser-7'), '8': adminEntry('8', 'browser-8') },
  });

/** The upstream's current-user call answering `status`, with user 7 in the given role. */
const upstreamSays =
  (status: number, role = 'admin'): GetMe =>
  async () => ({
    kind: 'json',
    status,
    json: {
      metadata: { success: status === 200 ? 1 : 0, message: '' },
      payload: { id: 7, name: 'A', email: 'a@fuel.test', image: null, role: [role] },
    },
  });
const unanswered: GetMe = async () => ({
  kind: 'failed',
  reply: {
    status: 504,
    headers: {},
    body: new TextEncoder().encode('{"metadata":{"success":0,"message":"late"},"payload":null}'),
  },
});

function deps(db: MemoryDb, getMe: GetMe, verified: VerifiedIdToken = adminToken('s1')) {
  const revoked: string[] = [];
  return {
    revoked,
    deps: {
      getMe,
      verifyIdToken: async (idToken: string) => {
        if (idToken !== ID_TOKEN) throw new Error('auth/argument-error');
        return verified;
      },
      revokeRefreshTokens: async (uid: string) => void revoked.push(uid),
      createCustomToken: async (uid: string) => `custom-token-for-${uid}`,
      sessions: { db, now: () => NOW, newId: () => 'new', lifetimeMs: LIFETIME_MS },
      logger: recordingLogger(),
    },
  };
}

const adminToken = (sessionId: string, uid = '7'): VerifiedIdToken => ({
  uid,
  claims: { role: 'admin', session: sessionId },
});
const json = (reply: ProxyReply) =>
  JSON.parse(Buffer.from(reply.body as Uint8Array).toString()) as unknown;

describe('renewAdminSession', () => {
  it('extends the session by one lifetime once the upstream says again the bearer is an admin', async () => {
    const db = world();
    const reply = await renewAdminSession(
      'Bearer t1',
      { idToken: ID_TOKEN },
      deps(db, upstreamSays(200)).deps,
    );
    expect(reply.status).toBe(200);
    expect(json(reply)).toEqual({
      metadata: { success: 1, message: '' },
      payload: { expiresAt: NOW + LIFETIME_MS },
    });
    expect(db.at('adminSessions/7/s1')).toEqual({
      ...session('t1'),
      expiresAt: NOW + LIFETIME_MS,
    });
    expect(db.at('adminSessions/7/s2')).toEqual(session('t2'));
  });

  it('ends every session of an admin the upstream no longer calls one, push tokens too', async () => {
    const db = world();
    const { deps: d, revoked } = deps(db, upstreamSays(200, 'user'));
    const reply = await renewAdminSession('Bearer t1', { idToken: ID_TOKEN }, d);
    expect(reply.status).toBe(403);
    expect(db.at('adminSessions/7')).toBeUndefined();
    expect(db.at('adminSessions/8')).toEqual({ s8: session('t8') });
    expect(db.at('admins/7/deviceToken')).toBe('');
    expect(db.at('admin/deviceToken')).toBe('');
    expect(db.at('admins/8/deviceToken')).toBe('browser-8');
    expect(revoked).toEqual(['7']);
  });

  it('ends the sessions opened with a token the upstream refuses (401), and only those', async () => {
    const db = world();
    const { deps: d, revoked } = deps(db, upstreamSays(401));
    const reply = await renewAdminSession('Bearer t1', { idToken: ID_TOKEN }, d);
    expect(reply.status).toBe(401);
    expect(db.at('adminSessions/7')).toEqual({ s2: session('t2') });
    // Admin 7 is still signed in on the other browser, which keeps its pushes.
    expect(db.at('admins/7/deviceToken')).toBe('browser-7');
    expect(revoked).toEqual([]);
  });

  it('does not bring back a session ended while the upstream was asked', async () => {
    const db = world();
    const reply = await renewAdminSession(
      'Bearer t1',
      { idToken: ID_TOKEN },
      deps(db, async (authorization) => {
        // A sign-out of this browser lands meanwhile.
        await db.update({ 'adminSessions/7/s1': null });
        return upstreamSays(200)(authorization);
      }).deps,
    );
    expect(reply.status).toBe(410);
    expect(db.at('adminSessions/7/s1')).toBeUndefined();
  });

  it('leaves the session as it was when the upstream does not answer', async () => {
    const db = world();
    const reply = await renewAdminSession(
      'Bearer t1',
      { idToken: ID_TOKEN },
      deps(db, unanswered).deps,
    );
    expect(reply.status).toBe(504);
    expect(db.at('adminSessions/7/s1')).toEqual(session('t1'));
  });

  it.each([
    ['has lapsed', { '7': { s1: session('t1', NOW) } }, 'Bearer t1'],
    ['has ended', { '7': { s2: session('t2') } }, 'Bearer t1'],
    ['was opened with another upstream token', { '7': { s1: session('t1') } }, 'Bearer t2'],
  ])(
    'renews no session that %s (410), asking the upstream nothing',
    async (_name, sessions, bearer) => {
      const db = new MemoryDb({ adminSessions: sessions });
      let asked = 0;
      const reply = await renewAdminSession(
        bearer,
        { idToken: ID_TOKEN },
        deps(db, async (authorization) => {
          asked += 1;
          return upstreamSays(200)(authorization);
        }).deps,
      );
      expect(reply.status).toBe(410);
      expect(json(reply)).toMatchObject({ metadata: { message: MESSAGES.sessionEnded } });
      expect(db.at('adminSessions')).toEqual(sessions);
      expect(asked).toBe(0);
    },
  );

  it('renews nothing when the upstream token belongs to another admin than the session', async () => {
    // Admin 8's Firebase session, recorded as opened with token t1, which the upstream says is 7's.
    const db = new MemoryDb({ adminSessions: { '8': { s1: session('t1') } } });
    const d = deps(db, upstreamSays(200), adminToken('s1', '8')).deps;
    const reply = await renewAdminSession('Bearer t1', { idToken: ID_TOKEN }, d);
    expect(reply.status).toBe(403);
    expect(db.at('adminSessions/8/s1')).toEqual(session('t1'));
  });

  it('refuses a request without an ID token (400), an upstream token (401) or with a forged one', async () => {
    const d = deps(world(), upstreamSays(200)).deps;
    expect((await renewAdminSession('Bearer t1', {}, d)).status).toBe(400);
    expect((await renewAdminSession(undefined, { idToken: ID_TOKEN }, d)).status).toBe(401);
    expect((await renewAdminSession('Bearer t1', { idToken: 'forged' }, d)).status).toBe(410);
  });
});

describe('exchangeSession, refused', () => {
  it('ends every session of a user the upstream no longer calls an admin', async () => {
    const db = world();
    const { deps: d, revoked } = deps(db, upstreamSays(200, 'user'));
    const reply = await exchangeSession('Bearer t1', d);
    expect(reply.status).toBe(403);
    expect(db.at('adminSessions/7')).toBeUndefined();
    expect(db.at('admins/7/deviceToken')).toBe('');
    expect(revoked).toEqual(['7']);
  });

  it('ends the sessions opened with a token the upstream no longer accepts', async () => {
    const db = world();
    const reply = await exchangeSession('Bearer t2', deps(db, upstreamSays(401)).deps);
    expect(reply.status).toBe(401);
    expect(db.at('adminSessions/7')).toEqual({ s1: session('t1') });
  });

  it('records the session it opens with its expiry, the hash of the upstream token and who it is', async () => {
    const db = new MemoryDb();
    await exchangeSession('Bearer t5', deps(db, upstreamSays(200)).deps);
    expect(db.at('adminSessions/7/new')).toEqual({
      at: NOW,
      expiresAt: NOW + LIFETIME_MS,
      tokenHash: hashOf('t5'),
      email: 'a@fuel.test',
      name: 'A',
    });
  });
});

describe('sweepAdminSessions', () => {
  it('removes lapsed and unreadable records, and clears the push tokens of admins left with none', async () => {
    const db = new MemoryDb({
      adminSessions: {
        '7': { s1: session('t1', NOW), s2: session('t2') },
        '8': { s8: session('t8', NOW - 1), old: { at: 1 } },
      },
      admin: adminEntry('8', 'browser-8'),
      admins: { '7': adminEntry('7', 'browser-7'), '8': adminEntry('8', 'browser-8') },
    });
    const removed = await sweepAdminSessions({ db, now: () => NOW, logger: recordingLogger() });
    expect(removed).toBe(3);
    expect(db.at('adminSessions')).toEqual({ '7': { s2: session('t2') } });
    expect(db.at('admins/7/deviceToken')).toBe('browser-7');
    expect(db.at('admins/8/deviceToken')).toBe('');
    expect(db.at('admin/deviceToken')).toBe('');
  });

  it('removes sign-in records older than 30 days, keeping the newer ones', async () => {
    const user = { id: 7, name: 'A', email: 'a@fuel.test', image: null, role: ['admin'] };
    const db = new MemoryDb({
      signIns: {
        old: { user, at: NOW - SIGN_IN_RECORD_MS - 1 },
        recent: { user, at: NOW - SIGN_IN_RECORD_MS },
      },
    });
    await sweepAdminSessions({ db, now: () => NOW, logger: recordingLogger() });
    expect(Object.keys(db.at('signIns') as object)).toEqual(['recent']);
  });

  it('writes nothing when every session is live', async () => {
    const db = world();
    const before = structuredClone(db.at(''));
    expect(await sweepAdminSessions({ db, now: () => NOW, logger: recordingLogger() })).toBe(0);
    expect(db.at('')).toEqual(before);
  });
});

describe('signOutEverywhere', () => {
  it('ends every session of the admin and refuses the upstream tokens they were opened with', async () => {
    const db = world();
    const { deps: d, revoked } = deps(db, upstreamSays(200));
    const reply = await signOutEverywhere('Bearer t1', { idToken: ID_TOKEN }, d);
    expect(reply.status).toBe(200);
    expect(db.at('adminSessions/7')).toBeUndefined();
    expect(db.at('adminSessions/8')).toEqual({ s8: session('t8') });
    expect(db.at('refusedTokens')).toEqual({
      [hashOf('t1')]: { uid: '7', at: NOW },
      [hashOf('t2')]: { uid: '7', at: NOW },
    });
    expect(db.at('admins/7/deviceToken')).toBe('');
    expect(revoked).toEqual(['7']);

    // The other browser's stored upstream token opens no new session.
    const exchange = await exchangeSession('Bearer t2', d);
    expect(exchange.status).toBe(401);
    expect(json(exchange)).toMatchObject({ metadata: { message: MESSAGES.signedOutEverywhere } });
    expect(db.at('adminSessions/7')).toBeUndefined();
    // Admin 8's token is nobody's business here.
    expect((await exchangeSession('Bearer t8', d)).status).toBe(200);
  });

  it('refuses an ID token that does not verify (401), ending nothing', async () => {
    const db = world();
    const reply = await signOutEverywhere(
      'Bearer t1',
      { idToken: 'forged' },
      deps(db, upstreamSays(200)).deps,
    );
    expect(reply.status).toBe(401);
    expect(db.at('adminSessions/7')).toEqual({ s1: session('t1'), s2: session('t2') });
    expect(db.at('refusedTokens')).toBeUndefined();
  });
});
