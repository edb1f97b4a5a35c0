import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  envelopeSchema,
  firebaseTokenReplySchema,
  firebaseUnavailablePayloadSchema,
  loginPayloadSchema,
} from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { proxyFixtures } from '../../testing/proxy-fixture.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { rawRequest, sendJson } from '../../testing/servers.js';
import { MESSAGES, type ProxyReply } from '../upstream/index.js';
import {
  adminOf,
  exchangeLogin,
  exchangeSession,
  type AdminClaims,
  type GetMe,
} from './login-exchange.js';

const fixtures = proxyFixtures();
afterEach(fixtures.closeAll);

const user = (id: number, role: string | string[]) => ({
  id,
  name: `User ${id}`,
  email: `u${id}@fuel.test`,
  image: null,
  role: typeof role === 'string' ? [role] : role,
  device_ids: [],
});
const loginReply = (role: string | string[]) => ({
  metadata: { success: 1, message: 'Logged in' },
  payload: { user: user(42, role), token: 'upstream-bearer-token' },
});
/** What firebase-admin rejects with: an Error with its `code`. */
const adminError = (code: string, message: string) => Object.assign(new Error(message), { code });
const signingRefused = () =>
  Promise.reject(
    adminError('auth/insufficient-permission', "Permission 'iam.serviceAccounts.signBlob' denied"),
  );
const loginBody = JSON.stringify({ email: 'a@fuel.test', password: 'secret', device_id: 'fcm-1' });

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');
const OPENED_AT = 1_700_000_000_000;
const LIFETIME_MS = 4 * 3600 * 1000;
/** What a session opened with the stand-in upstream's login token records. */
const OPENED = {
  at: OPENED_AT,
  expiresAt: OPENED_AT + LIFETIME_MS,
  tokenHash: hashOf('upstream-bearer-token'),
};

/** A recording minter, and the in-memory database where the sessions it names are recorded. */
function minter(db = new MemoryDb()) {
  const minted: { uid: string; claims: AdminClaims }[] = [];
  const revoked: string[] = [];
  let count = 0;
  return {
    minted,
    revoked,
    db,
    revokeRefreshTokens: async (uid: string) => void revoked.push(uid),
    createCustomToken: async (uid: string, claims: AdminClaims) => {
      minted.push({ uid, claims });
      return `custom-token-for-${uid}`;
    },
    sessions: {
      db,
      now: () => OPENED_AT,
      newId: () => `session-${++count}`,
      lifetimeMs: LIFETIME_MS,
    },
  };
}

/** A database whose writes all fail, as firebase-admin's do when the database cannot be reached. */
class UnreachableDb extends MemoryDb {
  override update(): Promise<void> {
    return Promise.reject(new Error('Client is offline.'));
  }
}

const postLogin = (url: string) =>
  rawRequest(url, {
    method: 'POST',
    path: '/api/login',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });

describe('POST /api/login', () => {
  it("adds a Firebase custom token for an admin: uid = the upstream id, claim role 'admin'", async () => {
    const { minted, db, ...deps } = minter();
    const { proxy, upstream } = await fixtures.start(
      (_, res) => sendJson(res, 200, loginReply('admin')),
      deps,
    );
    const reply = await postLogin(proxy.url);
    expect(reply.status).toBe(200);
    const parsed = envelopeSchema(loginPayloadSchema).parse(reply.json());
    expect(parsed.payload.firebaseToken).toBe('custom-token-for-42');
    expect(parsed.payload.token).toBe('upstream-bearer-token');
    expect(minted).toEqual([{ uid: '42', claims: { role: 'admin', session: 'session-1' } }]);
    expect(upstream.seen[0]?.body.toString()).toBe(loginBody);
    // The session the token names is recorded, as the database rules require of an admin.
    expect(db.at('adminSessions/42')).toEqual({
      'session-1': { ...OPENED, email: 'u42@fuel.test', name: 'User 42' },
    });
  });

  it('gives no token when the session cannot be recorded: the rules would refuse it', async () => {
    const { minted, db: _unused, ...deps } = minter(new UnreachableDb());
    const { proxy, logger } = await fixtures.start(
      (_, res) => sendJson(res, 200, loginReply('admin')),
      deps,
    );
    const reply = await postLogin(proxy.url);
    expect(reply.status).toBe(200);
    const parsed = envelopeSchema(loginPayloadSchema).parse(reply.json());
    expect(parsed.payload.token).toBe('upstream-bearer-token');
    expect(parsed.payload.firebaseToken).toBeUndefined();
    expect(parsed.payload.firebaseUnavailable).toEqual({ reason: 'unknown' });
    expect(reply.text).not.toContain('custom-token-for-42');
    expect(minted).toHaveLength(1);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        fields: expect.objectContaining({ uid: '42', error: expect.stringContaining('offline') }),
      }),
    );
  });

  it('records no session when the token cannot be minted', async () => {
    const { db, sessions } = minter();
    const { proxy } = await fixtures.start((_, res) => sendJson(res, 200, loginReply('admin')), {
      createCustomToken: signingRefused,
      sessions,
    });
    await postLogin(proxy.url);
    expect(db.at('adminSessions')).toBeUndefined();
  });

  it('refuses anyone who is not an admin, with no token of any kind', async () => {
    const { minted, createCustomToken } = minter();
    const { proxy } = await fixtures.start((_, res) => sendJson(res, 200, loginReply('user')), {
      createCustomToken,
    });
    const reply = await postLogin(proxy.url);
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({
      metadata: { success: 0, message: 'The login detail is incorrect' },
      payload: null,
    });
    expect(reply.text).not.toContain('upstream-bearer-token');
    expect(minted).toEqual([]);
  });

  it("refuses a user whose roles include admin but not first (['user', 'admin'])", async () => {
    const { minted, createCustomToken } = minter();
    const { proxy } = await fixtures.start(
      (_, res) => sendJson(res, 200, loginReply(['user', 'admin'])),
      { createCustomToken },
    );
    const reply = await postLogin(proxy.url);
    expect(reply.json()).toEqual({
      metadata: { success: 0, message: 'The login detail is incorrect' },
      payload: null,
    });
    expect(reply.text).not.toContain('upstream-bearer-token');
    expect(minted).toEqual([]);
  });

  it("serves a user whose first role is admin (['admin', 'user'])", async () => {
    const { minted, createCustomToken, sessions } = minter();
    const { proxy } = await fixtures.start(
      (_, res) => sendJson(res, 200, loginReply(['admin', 'user'])),
      { createCustomToken, sessions },
    );
    const reply = await postLogin(proxy.url);
    expect(reply.status).toBe(200);
    const parsed = envelopeSchema(loginPayloadSchema).parse(reply.json());
    expect(parsed.payload.firebaseToken).toBe('custom-token-for-42');
    expect(minted).toEqual([{ uid: '42', claims: { role: 'admin', session: 'session-1' } }]);
  });

  it('refuses a successful reply whose user it cannot read (no role)', async () => {
    const { createCustomToken } = minter();
    const { proxy } = await fixtures.start(
      (_, res) =>
        sendJson(res, 200, { metadata: { success: 1 }, payload: { token: 't', user: { id: 1 } } }),
      { createCustomToken },
    );
    const reply = await postLogin(proxy.url);
    expect(reply.json()).toMatchObject({ metadata: { success: 0 }, payload: null });
    expect(reply.text).not.toContain('"t"');
  });

  it('answers 502 to a successful sign-in reply it cannot read, passing nothing on', async () => {
    const { proxy } = await fixtures.start((_, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('token=upstream-bearer-token');
    }, minter());
    const reply = await postLogin(proxy.url);
    expect(reply.status).toBe(502);
    expect(reply.text).not.toContain('upstream-bearer-token');
  });

  it("passes the upstream's own refusal on as it is", async () => {
    const refusal = {
      metadata: { success: 0, message: 'The login detail is incorrect' },
      payload: null,
    };
    const { proxy } = await fixtures.start((_, res) => sendJson(res, 401, refusal), minter());
    const reply = await postLogin(proxy.url);
    expect(reply.status).toBe(401);
    expect(reply.json()).toEqual(refusal);
  });

  it('signs the admin in without a custom token when none can be minted, and says why', async () => {
    const { proxy, logger } = await fixtures.start(
      (_, res) => sendJson(res, 200, loginReply('admin')),
      { createCustomToken: signingRefused },
    );
    const reply = await postLogin(proxy.url);
    expect(reply.status).toBe(200);
    const parsed = envelopeSchema(loginPayloadSchema).parse(reply.json());
    expect(parsed.metadata.success).toBe(true);
    expect(parsed.payload.token).toBe('upstream-bearer-token');
    expect(parsed.payload.user.id).toBe(42);
    expect(parsed.payload.firebaseToken).toBeUndefined();
    expect(parsed.payload.firebaseUnavailable).toEqual({ reason: 'signing-refused' });
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        fields: expect.objectContaining({
          uid: '42',
          reason: 'signing-refused',
          error: expect.stringContaining('signBlob'),
        }),
      }),
    );
  });

  it("says 'unreachable' when the signing service does not answer, 'unknown' for anything else", async () => {
    const reasons = [];
    for (const failure of [
      adminError('app/network-timeout', 'Error while making request: timeout of 10000ms.'),
      new Error('something else'),
    ]) {
      const { proxy } = await fixtures.start((_, res) => sendJson(res, 200, loginReply('admin')), {
        createCustomToken: () => Promise.reject(failure),
      });
      const reply = await postLogin(proxy.url);
      reasons.push(
        envelopeSchema(loginPayloadSchema).parse(reply.json()).payload.firebaseUnavailable,
      );
    }
    expect(reasons).toEqual([{ reason: 'unreachable' }, { reason: 'unknown' }]);
  });

  it('gives a non-admin the same refusal, and never tries to mint, when minting is broken', async () => {
    let tried = 0;
    const { proxy } = await fixtures.start((_, res) => sendJson(res, 200, loginReply('user')), {
      createCustomToken: () => {
        tried += 1;
        return signingRefused();
      },
    });
    const reply = await postLogin(proxy.url);
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({
      metadata: { success: 0, message: 'The login detail is incorrect' },
      payload: null,
    });
    expect(reply.text).not.toContain('upstream-bearer-token');
    expect(reply.text).not.toContain('firebaseUnavailable');
    expect(tried).toBe(0);
  });
});

describe('POST /api/session/firebase-token', () => {
  const meServer =
    (role: string | string[] | null, status = 200) =>
    (_: unknown, res: ServerResponse) =>
      role === null
        ? sendJson(res, status, {
            metadata: { success: 0, message: 'Unauthenticated.' },
            payload: null,
          })
        : sendJson(res, status, { metadata: { success: 1, message: '' }, payload: user(7, role) });
  const exchange = (url: string, authorization?: string) =>
    rawRequest(url, {
      method: 'POST',
      path: '/api/session/firebase-token',
      headers: authorization === undefined ? {} : { authorization },
    });

  it("gives an admin a fresh custom token, checked with the upstream's GET /me", async () => {
    const { minted, db, ...deps } = minter();
    const { proxy, upstream } = await fixtures.start(meServer('admin'), deps);
    const reply = await exchange(proxy.url, 'Bearer upstream-token');
    expect(reply.status).toBe(200);
    expect(firebaseTokenReplySchema.parse(reply.json()).payload.firebaseToken).toBe(
      'custom-token-for-7',
    );
    expect(minted).toEqual([{ uid: '7', claims: { role: 'admin', session: 'session-1' } }]);
    expect(upstream.seen[0]?.method).toBe('GET');
    expect(upstream.seen[0]?.url).toBe('/api/me');
    expect(upstream.seen[0]?.headers.authorization).toBe('Bearer upstream-token');
    expect(db.at('adminSessions/7')).toEqual({
      'session-1': {
        ...OPENED,
        tokenHash: hashOf('upstream-token'),
        email: 'u7@fuel.test',
        name: 'User 7',
      },
    });
  });

  it('opens a new session at each exchange, leaving the others as they are', async () => {
    const { minted, db, ...deps } = minter();
    const { proxy } = await fixtures.start(meServer('admin'), deps);
    await exchange(proxy.url, 'Bearer upstream-token');
    await exchange(proxy.url, 'Bearer upstream-token');
    expect(minted.map(({ claims }) => claims.session)).toEqual(['session-1', 'session-2']);
    expect(Object.keys(db.at('adminSessions/7') as object)).toEqual(['session-1', 'session-2']);
  });

  it('answers 503 when the session cannot be recorded, so the page asks again later', async () => {
    const { minted: _minted, db: _db, ...deps } = minter(new UnreachableDb());
    const { proxy } = await fixtures.start(meServer('admin'), deps);
    const reply = await exchange(proxy.url, 'Bearer upstream-token');
    expect(reply.status).toBe(503);
    expect(envelopeSchema(firebaseUnavailablePayloadSchema).parse(reply.json()).payload).toEqual({
      firebaseUnavailable: { reason: 'unknown' },
    });
  });

  it('answers 503 with the reason when no custom token can be minted, so the page asks again later', async () => {
    const { proxy, logger } = await fixtures.start(meServer('admin'), {
      createCustomToken: signingRefused,
    });
    const reply = await exchange(proxy.url, 'Bearer upstream-token');
    expect(reply.status).toBe(503);
    const parsed = envelopeSchema(firebaseUnavailablePayloadSchema).parse(reply.json());
    expect(parsed.metadata.success).toBe(false);
    expect(parsed.payload.firebaseUnavailable).toEqual({ reason: 'signing-refused' });
    expect(logger.lines).toContainEqual(
      expect.objectContaining({ level: 'error', fields: expect.objectContaining({ uid: '7' }) }),
    );
  });

  it('answers 401 without a bearer token, and never asks the upstream', async () => {
    const { proxy, upstream } = await fixtures.start(meServer('admin'), minter());
    const reply = await exchange(proxy.url);
    expect(reply.status).toBe(401);
    expect(reply.json()).toMatchObject({ metadata: { success: 0 } });
    expect(upstream.seen).toHaveLength(0);
  });

  it('answers 401 when the upstream does not know the token', async () => {
    const { proxy } = await fixtures.start(meServer(null, 401), minter());
    const reply = await exchange(proxy.url, 'Bearer stale');
    expect(reply.status).toBe(401);
    expect(reply.json()).toEqual({
      metadata: { success: 0, message: 'Your session has expired. Please sign in again.' },
      payload: null,
    });
  });

  it("answers 403 when admin is not the first role (['user', 'admin'])", async () => {
    const { minted, createCustomToken } = minter();
    const { proxy } = await fixtures.start(meServer(['user', 'admin']), { createCustomToken });
    const reply = await exchange(proxy.url, 'Bearer second-role-admin');
    expect(reply.status).toBe(403);
    expect(minted).toEqual([]);
  });

  it('answers 403 to a user who is not an admin', async () => {
    const { minted, createCustomToken } = minter();
    const { proxy } = await fixtures.start(meServer('user'), { createCustomToken });
    const reply = await exchange(proxy.url, 'Bearer app-user');
    expect(reply.status).toBe(403);
    expect(reply.json()).toEqual({
      metadata: { success: 0, message: 'The login detail is incorrect' },
      payload: null,
    });
    expect(minted).toEqual([]);
  });

  it('answers 504 when the upstream does not answer, and refuses GET', async () => {
    const { proxy } = await fixtures.start(() => undefined, { ...minter(), timeoutMs: 100 });
    expect((await exchange(proxy.url, 'Bearer t')).status).toBe(504);
    const get = await rawRequest(proxy.url, { path: '/api/session/firebase-token' });
    expect(get.status).toBe(405);
  });
});

const replyJson = (reply: ProxyReply) =>
  JSON.parse(Buffer.from(reply.body as Uint8Array).toString()) as unknown;

describe('exchangeLogin', () => {
  const deps = () => ({ ...minter(), logger: recordingLogger() });

  it.each([
    ['a server error', 500, loginReply('admin')],
    ['a redirect', 300, loginReply('admin')],
    ['an informational status', 199, loginReply('admin')],
    [
      'a refusal sent with 200',
      200,
      { metadata: { success: 0, message: 'The password is wrong' }, payload: null },
    ],
  ])("passes the upstream's %s on as it is, minting nothing", async (_name, status, json) => {
    const { minted, ...rest } = deps();
    expect(await exchangeLogin({ status, json }, rest)).toEqual({ status, json });
    expect(minted).toEqual([]);
  });

  it('refuses a successful reply that is no envelope, as it refuses a wrong password', async () => {
    const { minted, ...rest } = deps();
    expect(await exchangeLogin({ status: 200, json: { token: 't' } }, rest)).toEqual({
      status: 200,
      json: { metadata: { success: 0, message: 'The login detail is incorrect' }, payload: null },
    });
    expect(minted).toEqual([]);
  });

  it('logs a failed mint as a sign-in failure, apart from a session exchange', async () => {
    const { logger, ...rest } = deps();
    await exchangeLogin(
      { status: 200, json: loginReply('admin') },
      { ...rest, logger, createCustomToken: signingRefused },
    );
    expect(logger.lines).toEqual([
      expect.objectContaining({ level: 'error', message: expect.stringContaining('sign-in') }),
    ]);
  });
});

describe('adminOf', () => {
  const me =
    (status: number, json: unknown): GetMe =>
    async () => ({ kind: 'json', status, json });
  const admin = { metadata: { success: 1, message: '' }, payload: user(7, 'admin') };

  it("names the admin the upstream's GET /me describes", async () => {
    const named = { uid: '7', email: 'u7@fuel.test', name: 'User 7' };
    expect(await adminOf('Bearer t', me(200, admin))).toEqual(named);
    expect(await adminOf('bearer t', me(200, admin))).toEqual(named);
  });

  it.each([
    ['no bearer token', undefined],
    ['another scheme', 'Basic dXNlcjpwdw=='],
    ['a bearer token not at the start', 'Token Bearer t'],
    ['an empty bearer token', 'Bearer '],
  ])('answers 401 to %s without asking the upstream', async (_name, authorization) => {
    let asked = 0;
    const outcome = await adminOf(authorization, async () => {
      asked += 1;
      return { kind: 'json', status: 200, json: admin };
    });
    expect('reply' in outcome && outcome.reply.status).toBe(401);
    expect(asked).toBe(0);
  });

  it.each([401, 403])('answers 401 when the upstream answers %i to GET /me', async (status) => {
    const outcome = await adminOf('Bearer t', me(status, admin));
    expect('reply' in outcome && replyJson(outcome.reply)).toEqual({
      metadata: { success: 0, message: MESSAGES.signInFirst },
      payload: null,
    });
    expect('reply' in outcome && outcome.reply.status).toBe(401);
  });

  it.each([
    ['a refusal sent with 200', 200, { metadata: { success: 0, message: 'no' }, payload: null }],
    ['a server error', 500, admin],
    ['a redirect', 300, admin],
    ['an informational status', 199, admin],
    ['a reply that is no envelope', 200, { id: 7 }],
    ['a user it cannot read', 200, { metadata: { success: 1, message: '' }, payload: { id: 7 } }],
  ])('answers 502 to %s', async (_name, status, json) => {
    const outcome = await adminOf('Bearer t', me(status, json));
    expect('reply' in outcome && outcome.reply.status).toBe(502);
    expect('reply' in outcome && replyJson(outcome.reply)).toEqual({
      metadata: { success: 0, message: MESSAGES.badUpstreamReply },
      payload: null,
    });
  });
});

describe('exchangeSession', () => {
  const getMe: GetMe = async () => ({
    kind: 'json',
    status: 200,
    json: { metadata: { success: 1, message: '' }, payload: user(7, 'admin') },
  });

  it('answers with the token alone, in a successful envelope', async () => {
    const { minted: _minted, db: _db, ...rest } = minter();
    const reply = await exchangeSession('Bearer t', { ...rest, logger: recordingLogger(), getMe });
    expect(replyJson(reply)).toEqual({
      metadata: { success: 1, message: '' },
      payload: { firebaseToken: 'custom-token-for-7' },
    });
  });

  it('logs a failed mint as a session exchange failure, apart from a sign-in', async () => {
    const logger = recordingLogger();
    await exchangeSession('Bearer t', {
      ...minter(),
      createCustomToken: signingRefused,
      logger,
      getMe,
    });
    expect(logger.lines).toEqual([
      expect.objectContaining({ level: 'error', message: expect.stringContaining('session') }),
    ]);
  });

  it.each([
    ['auth/invalid-credential', { code: 'auth/invalid-credential' }, 'signing-refused'],
    ['app/network-error', { code: 'app/network-error' }, 'unreachable'],
    ['an error without a code', new Error('boom'), 'unknown'],
    ['a thrown string', 'auth/insufficient-permission', 'unknown'],
    ['a thrown null', null, 'unknown'],
  ])('says why no token could be minted after %s', async (_name, failure, reason) => {
    const reply = await exchangeSession('Bearer t', {
      ...minter(),
      createCustomToken: () => Promise.reject(failure as Error),
      logger: recordingLogger(),
      getMe,
    });
    expect(reply.status).toBe(503);
    expect(replyJson(reply)).toMatchObject({ payload: { firebaseUnavailable: { reason } } });
  });
});
