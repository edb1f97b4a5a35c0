import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Capabilities,
  capabilitiesFrom,
  DEFAULT_CAPABILITIES,
  DEFAULT_CAPABILITY_PARAMS,
  firebaseTokenReplySchema,
} from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { proxyFixtures } from '../../testing/proxy-fixture.js';
import { rawRequest, sendJson, type SeenRequest } from '../../testing/servers.js';
import type { AdminClaims } from './login-exchange.js';

const fixtures = proxyFixtures();
afterEach(fixtures.closeAll);

const admin = {
  id: 7,
  name: 'Ada',
  email: 'ada@fuel.test',
  image: { original_url: 'http://files.fuel.test/storage/3/ada.png' },
  role: ['admin'],
};
const TOKEN = 'token-of-ada';

/**
 * A Laravel-like upstream: `POST /login` issues TOKEN to Ada; `GET /user` answers her bare (401
 * for any other token);
 * `GET /admin/fuel-price-types` lets in the tokens `admits` names; `/me` does not exist.
 */
function upstream(admits: (authorization: string | undefined) => boolean) {
  return (seen: SeenRequest, res: ServerResponse) => {
    const authorized = seen.headers.authorization === `Bearer ${TOKEN}`;
    if (seen.url === '/api/login') {
      return sendJson(res, 200, {
        metadata: { success: 1, message: '' },
        payload: { user: admin, token: TOKEN },
      });
    }
    if (seen.url === '/api/user') {
      return authorized
        ? sendJson(res, 200, admin)
        : sendJson(res, 401, { message: 'Unauthenticated.' });
    }
    if (seen.url === '/api/admin/fuel-price-types') {
      return admits(seen.headers.authorization)
        ? sendJson(res, 200, { metadata: { success: 1, message: '' }, payload: [] })
        : sendJson(res, 403, { message: 'This action is unauthorized.' });
    }
    return sendJson(res, 404, { message: 'Not Found' });
  };
}

function deps(capabilities: Capabilities) {
  const db = new MemoryDb();
  const minted: string[] = [];
  return {
    db,
    minted,
    options: {
      capabilities,
      createCustomToken: async (uid: string, _claims: AdminClaims) => {
        minted.push(uid);
        return `custom-token-for-${uid}`;
      },
      sessions: { db, now: () => 1, newId: () => 'session-1', lifetimeMs: 3_600_000 },
    },
  };
}

const signIn = (url: string) =>
  rawRequest(url, {
    method: 'POST',
    path: '/api/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@fuel.test', password: 'secret', device_id: 'x' }),
  });
const exchange = (url: string, token: string) =>
  rawRequest(url, {
    method: 'POST',
    path: '/api/session/firebase-token',
    headers: { authorization: `Bearer ${token}` },
  });

const noCurrentUser = capabilitiesFrom({
  ...DEFAULT_CAPABILITY_PARAMS,
  UPSTREAM_CURRENT_USER_PATH: 'none',
});

describe('who holds an upstream token', () => {
  it('asks a configured bare current-user call, as Laravel answers GET /user', async () => {
    const { options, minted } = deps({
      ...DEFAULT_CAPABILITIES,
      currentUser: { path: '/user', envelope: false },
    });
    const { proxy, upstream: seen } = await fixtures.start(
      upstream(() => true),
      options,
    );
    const reply = await exchange(proxy.url, TOKEN);
    expect(reply.status).toBe(200);
    expect(firebaseTokenReplySchema.parse(reply.json()).payload.firebaseToken).toBe(
      'custom-token-for-7',
    );
    expect(minted).toEqual(['7']);
    expect(seen.seen.map((request) => request.url)).toEqual(['/api/user']);
  });

  it('without a current-user call, names the user the sign-in reply gave that token', async () => {
    const { options, minted, db } = deps(noCurrentUser);
    const { proxy, upstream: seen } = await fixtures.start(
      upstream(() => true),
      options,
    );
    expect((await signIn(proxy.url)).status).toBe(200);
    // The token itself is never stored, only its hash.
    expect(JSON.stringify(db.at('signIns'))).not.toContain(TOKEN);

    const reply = await exchange(proxy.url, TOKEN);
    expect(reply.status).toBe(200);
    expect(minted).toEqual(['7', '7']);
    expect(seen.seen.map((request) => request.url)).toEqual([
      '/api/login',
      '/api/admin/fuel-price-types',
    ]);
  });

  it('without a current-user call, refuses a token the admin-only read refuses', async () => {
    const { options, minted } = deps(noCurrentUser);
    const { proxy } = await fixtures.start(
      upstream(() => false),
      options,
    );
    await signIn(proxy.url);
    const reply = await exchange(proxy.url, TOKEN);
    expect(reply.status).toBe(401);
    // The sign-in's own token only: none for the refused exchange.
    expect(minted).toEqual(['7']);
  });

  it('without a current-user call, refuses a token no sign-in here issued', async () => {
    const { options, minted } = deps(noCurrentUser);
    const { proxy, upstream: seen } = await fixtures.start(
      upstream(() => true),
      options,
    );
    const reply = await exchange(proxy.url, 'someone-elses-token');
    expect(reply.status).toBe(401);
    expect(minted).toEqual([]);
    expect(seen.seen).toEqual([]);
  });
});

describe('GET /api/session/user', () => {
  it('answers the user in the envelope however the upstream answers it, 401 for no token', async () => {
    const { options } = deps({
      ...DEFAULT_CAPABILITIES,
      currentUser: { path: '/user', envelope: false },
    });
    const { proxy } = await fixtures.start(
      upstream(() => true),
      {
        ...options,
        fileBases: [new URL('http://files.fuel.test/storage')],
      },
    );
    const reply = await rawRequest(proxy.url, {
      path: '/api/session/user',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.status).toBe(200);
    // Its picture comes through the product's own origin, as in every reply.
    expect(reply.json()).toMatchObject({
      metadata: { success: 1 },
      payload: { ...admin, image: { original_url: '/api/files/storage/3/ada.png' } },
    });
    expect((await rawRequest(proxy.url, { path: '/api/session/user' })).status).toBe(401);
    const stranger = await rawRequest(proxy.url, {
      path: '/api/session/user',
      headers: { authorization: 'Bearer not-ada' },
    });
    expect(stranger.status).toBe(401);
  });
});

describe('GET /api/capabilities', () => {
  it('answers what the deployment says the upstream offers, signed out too', async () => {
    const { options } = deps(noCurrentUser);
    const { proxy, upstream: seen } = await fixtures.start(
      upstream(() => true),
      options,
    );
    const reply = await rawRequest(proxy.url, { path: '/api/capabilities' });
    expect(reply.status).toBe(200);
    expect(reply.json()).toEqual({
      metadata: { success: 1, message: '' },
      payload: { ...DEFAULT_CAPABILITIES, currentUser: null },
    });
    expect(seen.seen).toEqual([]);
  });
});

describe('capabilitiesFrom', () => {
  it('reads none (any case) or nothing as no such call, and refuses a path that is not one', () => {
    expect(
      capabilitiesFrom({ ...DEFAULT_CAPABILITY_PARAMS, UPSTREAM_PRICE_DAY_PARAM: 'None' })
        .priceDayParam,
    ).toBeNull();
    expect(
      capabilitiesFrom({ ...DEFAULT_CAPABILITY_PARAMS, UPSTREAM_CURRENT_USER_PATH: ' ' })
        .currentUser,
    ).toBeNull();
    expect(() =>
      capabilitiesFrom({
        ...DEFAULT_CAPABILITY_PARAMS,
        UPSTREAM_CURRENT_USER_PATH: 'https://elsewhere.test/me',
      }),
    ).toThrow(/UPSTREAM_CURRENT_USER_PATH must be a path/);
  });
});
