import { afterEach, describe, expect, it } from 'vitest';
import { AUDIENCE_FRESH_MS, audienceReplySchema, paths } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { proxyFixtures } from '../../testing/proxy-fixture.js';
import { rawRequest, sendJson } from '../../testing/servers.js';
import { audienceOf } from './audience.js';

const NOW = 1_750_000_000_000;
const ok = (payload: unknown) => ({ metadata: { success: 1, message: '' }, payload });
const device = (token: string) => ({ token, updatedAt: 1 });
const seeded = () =>
  new MemoryDb({
    mirrorSync: { completedAt: NOW - 60_000, users: 3, devices: 4 },
    users: { 1: {}, 2: {}, 3: {} },
    deviceTokens: {
      1: { 0: device('a'), 1: device('b') },
      2: { 3: device('c') },
      3: { 0: device('d') },
    },
    groups: { 5: { members: { 1: true, 3: true, 9: false } } },
  });

/** A sync the count at hand must not run. */
const unused = () => Promise.reject(new Error('not called by this count'));

describe('counting an audience', () => {
  it('counts everyone from a fresh sync without syncing again', async () => {
    let syncs = 0;
    const audience = await audienceOf(
      { target: 'all' },
      { db: seeded(), now: () => NOW, syncAll: async () => void syncs++, syncGroup: unused },
    );
    expect(audience).toEqual({ users: 3, devices: 4, syncedAt: NOW - 60_000, refreshed: false });
    expect(syncs).toBe(0);
  });

  it('syncs first when the last sync is older than allowed, or there was none', async () => {
    for (const db of [new MemoryDb(), seeded()]) {
      const now = NOW + AUDIENCE_FRESH_MS;
      const audience = await audienceOf(
        { target: 'all' },
        {
          db,
          now: () => now,
          syncAll: () =>
            db.update({
              mirrorSync: { completedAt: now, users: 7, devices: 9 },
            }),
          syncGroup: unused,
        },
      );
      expect(audience).toEqual({ users: 7, devices: 9, syncedAt: now, refreshed: true });
    }
  });

  it('takes a sync as fresh until exactly the allowed age', async () => {
    const refreshedAt = async (age: number) => {
      const db = seeded();
      await audienceOf(
        { target: 'all' },
        {
          db,
          now: () => NOW - 60_000 + age,
          syncAll: () => db.update({ 'mirrorSync/completedAt': NOW }),
          syncGroup: unused,
        },
      );
      return (db.at('mirrorSync') as { completedAt: number }).completedAt;
    };
    expect(await refreshedAt(AUDIENCE_FRESH_MS - 1)).toBe(NOW - 60_000);
    expect(await refreshedAt(AUDIENCE_FRESH_MS)).toBe(NOW);
  });

  it('says no sync has run yet when counting a user before any', async () => {
    const db = new MemoryDb({ deviceTokens: { 1: { 0: device('a') } } });
    expect(
      await audienceOf(
        { target: 'user', id: '1' },
        {
          db,
          now: () => NOW,
          syncAll: () => Promise.reject(new Error('no')),
          syncGroup: unused,
        },
      ),
    ).toEqual({ users: 1, devices: 1, syncedAt: null, refreshed: false });
  });

  it('fails when a sync records nothing, rather than count from nothing', async () => {
    await expect(
      audienceOf(
        { target: 'all' },
        { db: new MemoryDb(), now: () => NOW, syncAll: async () => {}, syncGroup: unused },
      ),
    ).rejects.toThrow();
  });

  it("counts a user's devices and a group's members' devices as the push reads them", async () => {
    const deps = {
      db: seeded(),
      now: () => NOW,
      syncAll: () => Promise.reject(new Error('no')),
      syncGroup: async () => {},
    };
    expect(await audienceOf({ target: 'user', id: '1' }, deps)).toEqual({
      users: 1,
      devices: 2,
      syncedAt: NOW - 60_000,
      refreshed: false,
    });
    expect(await audienceOf({ target: 'group', id: '5' }, deps)).toMatchObject({
      users: 2,
      devices: 3,
    });
    expect(await audienceOf({ target: 'group', id: '6' }, deps)).toMatchObject({
      users: 0,
      devices: 0,
    });
  });

  it("refreshes a group's members before counting them, as its send does", async () => {
    const db = seeded();
    const refreshed: string[] = [];
    const syncGroup = async (groupId: string) => {
      refreshed.push(groupId);
      await db.update({ [paths.groupMembers(groupId)]: { '1': true } });
    };
    const deps = { db, now: () => NOW, syncAll: unused, syncGroup };
    expect(await audienceOf({ target: 'group', id: '6' }, deps)).toMatchObject({
      users: 1,
      devices: 2,
    });
    expect(refreshed).toEqual(['6']);
  });
});

describe('GET /api/audience', () => {
  const fixtures = proxyFixtures();
  afterEach(fixtures.closeAll);
  const ADMIN = { id: 1, name: 'Ada', email: 'ada@fuel.test', role: ['admin'] };
  const listed = [
    { id: 1, name: 'One', image: null, device_ids: ['tok-1'] },
    { id: 2, name: 'Two', image: null, device_ids: ['tok-2a', 'tok-2b'] },
  ];

  async function start(db: MemoryDb) {
    return fixtures.start(
      (seen, res) => {
        if (seen.url === '/api/me') {
          const admin = seen.headers.authorization === 'Bearer admin';
          return sendJson(res, 200, ok(admin ? ADMIN : { ...ADMIN, role: ['user'] }));
        }
        if (seen.url === '/api/admin/user') return sendJson(res, 200, ok(listed));
        if (seen.url === '/api/admin/groups/7/assigned-users') {
          return sendJson(res, 200, ok([{ id: 1 }, { id: 2 }]));
        }
        sendJson(res, 404, { metadata: { success: 0, message: 'no' }, payload: null });
      },
      { mirror: { db, now: () => NOW } },
    );
  }

  it('syncs a stale mirror with the admin’s token and has it written before it answers', async () => {
    const db = new MemoryDb();
    const { proxy, upstream } = await start(db);
    const reply = await rawRequest(proxy.url, {
      path: '/api/audience?target=all',
      headers: { authorization: 'Bearer admin' },
    });
    expect(reply.status).toBe(200);
    expect(audienceReplySchema.parse(JSON.parse(reply.body.toString())).payload).toEqual({
      users: 2,
      devices: 3,
      syncedAt: NOW,
      refreshed: true,
    });
    expect(Object.keys(db.at('users') as object)).toEqual(['1', '2']);
    expect(db.at(paths.mirrorSync())).toEqual({ completedAt: NOW, users: 2, devices: 3 });
    const list = upstream.seen.find((seen) => seen.url === '/api/admin/user');
    expect(list?.headers.authorization).toBe('Bearer admin');
  });

  it("counts a group's members as the upstream lists them now, not as last mirrored", async () => {
    const db = new MemoryDb({ groups: { '7': { members: { '9': true } } } });
    const { proxy, upstream } = await start(db);
    const reply = await rawRequest(proxy.url, {
      path: '/api/audience?target=group&id=7',
      headers: { authorization: 'Bearer admin' },
    });
    expect(audienceReplySchema.parse(JSON.parse(reply.body.toString())).payload).toMatchObject({
      users: 2,
    });
    expect(db.at(paths.groupMembers('7'))).toEqual({ '1': true, '2': true });
    const members = upstream.seen.find((seen) => seen.url.endsWith('/assigned-users'));
    expect(members?.headers.authorization).toBe('Bearer admin');
  });

  it('refuses anyone but an admin, and an audience it cannot read', async () => {
    const { proxy } = await start(new MemoryDb());
    const ask = (path: string, authorization?: string) =>
      rawRequest(proxy.url, { path, headers: authorization ? { authorization } : {} });
    expect((await ask('/api/audience?target=all')).status).toBe(401);
    expect((await ask('/api/audience?target=all', 'Bearer user')).status).toBe(403);
    expect((await ask('/api/audience?target=group', 'Bearer admin')).status).toBe(400);
    expect((await ask('/api/audience?target=user&id=../1', 'Bearer admin')).status).toBe(400);
  });
});
