/**
 * The REST API (what firebase-admin's rules calls, rules-unit-testing and browsers use): data
 * reads and writes as the owner or with an `auth=` ID token, the rules applied to the latter,
 * queries, and CORS for pages served from localhost.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatorStyleIdToken, startDatabase, type TestDatabase } from './support.js';

const RULES = {
  rules: {
    users: {
      '.indexOn': ['age'],
      $uid: {
        '.read': 'auth != null && auth.uid === $uid',
        '.write': 'auth != null && auth.uid === $uid',
      },
    },
  },
};
const OWNER = { authorization: 'Bearer owner' };

let db: TestDatabase;
beforeEach(async () => {
  db = await startDatabase(RULES);
});
afterEach(async () => {
  await db.close();
});

async function json(res: Promise<Response>): Promise<{ status: number; body: unknown }> {
  const answer = await res;
  return { status: answer.status, body: await answer.json() };
}

describe('REST API', () => {
  it('writes and reads as the owner: PUT, PATCH, POST, GET, DELETE', async () => {
    const users = { u1: { name: 'Ada', age: 36 }, u2: { name: 'Bob', age: 25 } };
    expect(
      await json(db.rest('users', { method: 'PUT', headers: OWNER, body: JSON.stringify(users) })),
    ).toEqual({
      status: 200,
      body: users,
    });
    await db.rest('users/u2', {
      method: 'PATCH',
      headers: OWNER,
      body: JSON.stringify({ age: 26, 'city/name': 'Oslo' }),
    });
    const posted = await json(
      db.rest('users', {
        method: 'POST',
        headers: OWNER,
        body: JSON.stringify({ name: 'Cy', age: 19 }),
      }),
    );
    const name = (posted.body as { name: string }).name;
    expect(name).toMatch(/^[-\w]{20}$/);

    expect((await json(db.rest('users', { headers: OWNER }))).body).toEqual({
      u1: { name: 'Ada', age: 36 },
      u2: { name: 'Bob', age: 26, city: { name: 'Oslo' } },
      [name]: { name: 'Cy', age: 19 },
    });
    expect(
      (await json(db.rest('users', { headers: OWNER, query: { shallow: 'true' } }))).body,
    ).toEqual({
      u1: true,
      u2: true,
      [name]: true,
    });

    expect((await json(db.rest('users/u1', { method: 'DELETE', headers: OWNER }))).body).toBeNull();
    expect((await json(db.rest('users/u1', { headers: OWNER }))).body).toBeNull();
  });

  it('answers queries: orderBy with a range, a limit, equalTo', async () => {
    const users = { a: { age: 30 }, b: { age: 20 }, c: { age: 40 }, d: { age: 25 } };
    await db.rest('users', { method: 'PUT', headers: OWNER, body: JSON.stringify(users) });
    const query = (params: Record<string, string>) =>
      json(db.rest('users', { headers: OWNER, query: params }));
    expect((await query({ orderBy: '"age"', startAt: '21', endAt: '35' })).body).toEqual({
      a: { age: 30 },
      d: { age: 25 },
    });
    expect((await query({ orderBy: '"age"', limitToLast: '1' })).body).toEqual({ c: { age: 40 } });
    expect((await query({ orderBy: '"$key"', limitToFirst: '2' })).body).toEqual({
      a: { age: 30 },
      b: { age: 20 },
    });
    expect((await query({ orderBy: '"age"', equalTo: '20' })).body).toEqual({ b: { age: 20 } });
  });

  it('applies the rules to a request with auth=<ID token>, and to one without', async () => {
    await db.rest('users', {
      method: 'PUT',
      headers: OWNER,
      body: JSON.stringify({ bob: { age: 1 }, ada: { age: 2 } }),
    });
    const auth = emulatorStyleIdToken('demo-rtdb-tests', 'bob', {});
    expect(await json(db.rest('users/bob', { query: { auth } }))).toEqual({
      status: 200,
      body: { age: 1 },
    });
    expect((await db.rest('users/ada', { query: { auth } })).status).toBe(401);
    expect((await db.rest('users/bob', { method: 'PUT', body: '{"age":3}' })).status).toBe(401);
    expect(
      (await db.rest('users/bob', { method: 'PUT', body: '{"age":3}', query: { auth } })).status,
    ).toBe(200);
    expect((await json(db.rest('users/bob', { headers: OWNER }))).body).toEqual({ age: 3 });
  });

  it('lets pages served from localhost call it (CORS)', async () => {
    const origin = 'http://localhost:5000';
    const preflight = await db.rest('users', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(['*', origin]).toContain(preflight.headers.get('access-control-allow-origin'));
    const read = await db.rest('users', { headers: { origin, ...OWNER } });
    expect(['*', origin]).toContain(read.headers.get('access-control-allow-origin'));
  });
});
