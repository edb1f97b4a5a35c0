import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDb } from '../../testing/memory-db.js';
import { proxyFixtures } from '../../testing/proxy-fixture.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { rawRequest, sendJson } from '../../testing/servers.js';
import { isMirrorRoute, mirrorActionFor, type MirrorRequest } from './mirror-routes.js';
import { applyMirrorAction, MIRROR_BATCH_PATHS, type MirrorDeps } from './user-mirror.js';

const NOW = 1_750_000_000_000;
const ok = (payload: unknown) => ({ metadata: { success: 1, message: '' }, payload });
const upstreamUser = (id: number, tokens: string[] = [], image: string | null = null) => ({
  id,
  name: `User ${id}`,
  image: image === null ? null : { original_url: image },
  device_ids: tokens,
});

function deps(
  db: MirrorDeps['db'],
  getAssignedUsers: MirrorDeps['getAssignedUsers'] = async () => [],
) {
  const logger = recordingLogger();
  return { db, now: () => NOW, logger, getAssignedUsers } satisfies MirrorDeps;
}

/** Records the reads made of `db` from now on: whole paths, and each page's child count. */
function readsOf(db: MemoryDb) {
  const reads = { whole: [] as string[], pages: [] as number[] };
  const [get, page] = [db.get.bind(db), db.page.bind(db)];
  db.get = (path) => {
    reads.whole.push(path);
    return get(path);
  };
  db.page = async (path, options) => {
    const children = await page(path, options);
    reads.pages.push(children.length);
    return children;
  };
  return reads;
}

const request = (method: string, path: string, authorization?: string): MirrorRequest => {
  const [pathname = '', query = ''] = path.split('?');
  return {
    method,
    segments: pathname.split('/').filter(Boolean),
    search: query ? `?${query}` : '',
    authorization,
  };
};

describe('mirrorActionFor', () => {
  it.each([
    ['GET', 'admin/user', { kind: 'users', users: [], complete: true }],
    ['GET', 'admin/user?page=2', { kind: 'users', users: [], complete: false }],
    ['GET', 'admin/groups/5/assigned-users', { kind: 'members', groupId: '5', users: [] }],
    [
      'POST',
      'admin/groups/5/assign-users',
      { kind: 'refresh-members', groupId: '5', authorization: 'Bearer a' },
    ],
    ['DELETE', 'admin/user/12', { kind: 'remove-user', userId: '12' }],
    ['POST', 'admin/user/12?_method=DELETE', { kind: 'remove-user', userId: '12' }],
    ['DELETE', 'admin/groups/5', { kind: 'remove-group', groupId: '5' }],
  ])('%s %s', (method, path, expected) => {
    expect(
      mirrorActionFor(request(method, path, 'Bearer a'), 200, { kind: 'json', json: ok([]) }),
    ).toEqual(expected);
  });

  it.each([
    [
      'a failed reply',
      'GET',
      'admin/user',
      200,
      { metadata: { success: 0, message: 'no' }, payload: [] },
    ],
    ['an error status', 'DELETE', 'admin/user/12', 500, ok(null)],
    ['another route', 'GET', 'admin/groups', 200, ok([])],
    ['an update', 'POST', 'admin/groups/5?_method=PUT', 200, ok(null)],
    ['a non-numeric id', 'DELETE', 'admin/user/abc', 200, ok(null)],
    ['an id with a prefix', 'DELETE', 'admin/user/x12', 200, ok(null)],
    ['an id with a suffix', 'DELETE', 'admin/groups/5x', 200, ok(null)],
    ['a group id with a prefix', 'GET', 'admin/groups/x5/assigned-users', 200, ok([])],
    ['a GET that names another method', 'GET', 'admin/user/12?_method=DELETE', 200, ok(null)],
    ['a path outside admin', 'GET', 'api/user', 200, ok([])],
    ['a path below a route', 'GET', 'admin/groups/5/assigned-users/1', 200, ok([])],
    ["one user's page", 'GET', 'admin/user/12', 200, ok({ id: 12 })],
    ["one user's sub-resource removed", 'DELETE', 'admin/user/12/devices', 200, ok(null)],
    ['a user created', 'POST', 'admin/user', 200, ok(null)],
    ['a delete without an id', 'DELETE', 'admin/user', 200, ok(null)],
    ['a user path read as a group', 'GET', 'admin/user/5/assigned-users', 200, ok([])],
    ['a group read', 'GET', 'admin/groups/5', 200, ok({ id: 5 })],
    ['assigned users posted to', 'POST', 'admin/groups/5/assigned-users', 200, ok(null)],
    ['assign-users read', 'GET', 'admin/groups/5/assign-users', 200, ok([])],
    ['assigned users removed', 'DELETE', 'admin/groups/5/assigned-users', 200, ok(null)],
    ['a 300 status', 'GET', 'admin/user', 300, ok([])],
    ['a 199 status', 'GET', 'admin/user', 199, ok([])],
    ['a list that is not a list', 'GET', 'admin/user', 200, ok({ data: [] })],
  ])('ignores %s', (_name, method, path, status, json) => {
    expect(
      mirrorActionFor(request(method, path, 'Bearer a'), status, { kind: 'json', json }),
    ).toBeNull();
  });

  it('takes any 2xx as a success', () => {
    expect(
      mirrorActionFor(request('DELETE', 'admin/user/12'), 299, { kind: 'json', json: ok(null) }),
    ).toEqual({
      kind: 'remove-user',
      userId: '12',
    });
  });

  it('follows a change done as Laravel says it: no content, or the bare model', () => {
    const removed = { kind: 'remove-user', userId: '12' };
    expect(mirrorActionFor(request('DELETE', 'admin/user/12'), 204, { kind: 'empty' })).toEqual(
      removed,
    );
    expect(
      mirrorActionFor(request('DELETE', 'admin/user/12'), 200, { kind: 'json', json: { id: 12 } }),
    ).toEqual(removed);
    expect(mirrorActionFor(request('DELETE', 'admin/user/12'), 200, { kind: 'other' })).toBeNull();
    expect(mirrorActionFor(request('GET', 'admin/user'), 200, { kind: 'empty' })).toBeNull();
  });

  it("cannot read assigned users back without the caller's credentials", () => {
    expect(
      mirrorActionFor(request('POST', 'admin/groups/5/assign-users'), 200, {
        kind: 'json',
        json: ok(null),
      }),
    ).toBeNull();
  });

  it('tells the proxy which replies it must read for the mirror', () => {
    expect(isMirrorRoute(request('GET', 'admin/user'))).toBe(true);
    expect(isMirrorRoute(request('GET', 'admin/groups'))).toBe(false);
    expect(isMirrorRoute(request('GET', 'admin/user/12'))).toBe(false);
  });
});

describe('the users list', () => {
  it('writes users/{id} and their device tokens, one slot each', async () => {
    const db = new MemoryDb();
    await applyMirrorAction(
      {
        kind: 'users',
        complete: true,
        users: [
          upstreamUser(1, ['tok-a', 'tok-b', 'tok-a'], '/api/files/storage/1/me.png'),
          upstreamUser(2),
        ],
      },
      deps(db),
    );
    expect(db.at('users')).toEqual({
      1: { userId: '1', name: 'User 1', image: '/api/files/storage/1/me.png', lastUpdate: NOW },
      2: { userId: '2', name: 'User 2', image: '', lastUpdate: NOW },
    });
    expect(db.at('deviceTokens/1')).toEqual({
      0: { token: 'tok-a', updatedAt: NOW },
      1: { token: 'tok-b', updatedAt: NOW },
    });
  });

  it('cuts a long name to the limit, and leaves out an image address past the limit', async () => {
    const db = new MemoryDb();
    const url = (length: number) => `/api/files/${'a'.repeat(length - 11)}`;
    await applyMirrorAction(
      {
        kind: 'users',
        complete: true,
        users: [
          { ...upstreamUser(1, [], url(2048)), name: 'n'.repeat(250) },
          upstreamUser(2, [], url(2049)),
        ],
      },
      deps(db),
    );
    expect(db.at('users/1')).toEqual({
      userId: '1',
      name: 'n'.repeat(200),
      image: url(2048),
      lastUpdate: NOW,
    });
    expect(db.at('users/2')).toMatchObject({ image: '' });
  });

  it('rewrites a user whose image or stored id changed', async () => {
    const db = new MemoryDb({
      users: {
        1: { userId: '1', name: 'User 1', image: '/api/files/old.png', lastUpdate: 1 },
        2: { userId: '20', name: 'User 2', image: '', lastUpdate: 1 },
      },
    });
    await applyMirrorAction(
      {
        kind: 'users',
        complete: true,
        users: [upstreamUser(1, [], '/api/files/new.png'), upstreamUser(2)],
      },
      deps(db),
    );
    expect(db.at('users/1')).toMatchObject({ image: '/api/files/new.png', lastUpdate: NOW });
    expect(db.at('users/2')).toMatchObject({ userId: '2', lastUpdate: NOW });
  });

  it('logs nothing when every listed user could be read, and the count when some could not', async () => {
    const clean = deps(new MemoryDb());
    await applyMirrorAction({ kind: 'users', complete: true, users: [upstreamUser(1)] }, clean);
    expect(clean.logger.lines).toEqual([]);
    const some = deps(new MemoryDb());
    await applyMirrorAction(
      { kind: 'users', complete: true, users: [upstreamUser(1), { id: 2 }, { name: 'no id' }] },
      some,
    );
    expect(some.logger.lines).toEqual([
      { level: 'warn', message: expect.stringMatching(/\S/), fields: { skipped: 2 } },
    ]);
  });

  it('gives a new device the oldest slot whose token is no longer listed, not a listed one', async () => {
    const updatedAt: Record<number, number> = { 0: 10, 1: 60, 3: 50 };
    const slots = Object.fromEntries(
      Array.from({ length: 10 }, (_, slot) => [
        slot,
        { token: `old-${slot}`, updatedAt: updatedAt[slot] ?? 100 + slot },
      ]),
    );
    const db = new MemoryDb({ deviceTokens: { 1: slots } });
    // old-1 and old-3 are gone upstream; old-0, updated longest ago, is still listed.
    const stillListed = [0, 2, 4, 5, 6, 7, 8, 9].map((slot) => `old-${slot}`);
    await applyMirrorAction(
      { kind: 'users', complete: true, users: [upstreamUser(1, [...stillListed, 'new-phone'])] },
      deps(db),
    );
    expect(db.at('deviceTokens/1')).toEqual({
      ...slots,
      3: { token: 'new-phone', updatedAt: NOW },
    });
  });

  it('mirrors at most ten devices of a user, the newest listed, and never a malformed token', async () => {
    const db = new MemoryDb();
    const listed = Array.from({ length: 50 }, (_, i) => `tok-${i}`);
    await applyMirrorAction(
      {
        kind: 'users',
        complete: true,
        users: [upstreamUser(1, [...listed, 'has space', 'x'.repeat(513), ''])],
      },
      deps(db),
    );
    const tokens = Object.values(db.at('deviceTokens/1') as Record<string, { token: string }>);
    expect(tokens.map((entry) => entry.token)).toEqual(listed.slice(-10));
  });

  it('gives a new device the slot updated longest ago once all ten are taken', async () => {
    const slots = Object.fromEntries(
      Array.from({ length: 10 }, (_, slot) => [
        slot,
        { token: `old-${slot}`, updatedAt: 100 - slot },
      ]),
    );
    const db = new MemoryDb({ deviceTokens: { 1: slots } });
    const stillListed = Array.from({ length: 9 }, (_, slot) => `old-${slot}`);
    await applyMirrorAction(
      { kind: 'users', complete: true, users: [upstreamUser(1, [...stillListed, 'new-phone'])] },
      deps(db),
    );
    // old-9 (updated at 91, the oldest) is the one the upstream no longer lists.
    expect(db.at('deviceTokens/1/9')).toEqual({ token: 'new-phone', updatedAt: NOW });
    expect(db.at('deviceTokens/1/8')).toEqual({ token: 'old-8', updatedAt: 92 });
  });

  it('reads the mirror a bounded page of users at a time, never whole', async () => {
    const users = Array.from({ length: 2_500 }, (_, i) => upstreamUser(i + 1, [`tok-${i}`]));
    const db = new MemoryDb();
    await applyMirrorAction({ kind: 'users', complete: true, users }, deps(db));
    const reads = readsOf(db);
    await applyMirrorAction({ kind: 'users', complete: true, users }, deps(db));
    expect(reads.whole).toEqual([]);
    expect(Math.max(...reads.pages)).toBeLessThanOrEqual(1_000);
    expect(reads.pages.filter((size) => size > 0).length).toBeGreaterThanOrEqual(6);
  });

  it('writes nothing but the time of the sync when nothing changed', async () => {
    const db = new MemoryDb();
    const users = [upstreamUser(1, ['tok-a']), upstreamUser(2, ['tok-b'])];
    await applyMirrorAction({ kind: 'users', complete: true, users }, deps(db));
    const writes = db.updates.length;
    await applyMirrorAction({ kind: 'users', complete: true, users }, deps(db));
    expect(db.updates.slice(writes)).toEqual([
      { mirrorSync: { completedAt: NOW, users: 2, devices: 2 } },
    ]);
  });

  it('records what a complete sync left: users and devices, tokens apps wrote included', async () => {
    const db = new MemoryDb({
      users: { 9: { userId: '9', name: 'Gone', image: '', lastUpdate: 1 } },
      deviceTokens: {
        1: { 0: { token: 'registered-by-the-app', updatedAt: 1 } },
        9: { 0: { token: 'gone-token', updatedAt: 1 } },
      },
    });
    const users = [upstreamUser(1, ['tok-a', 'tok-b']), upstreamUser(2), upstreamUser(2)];
    await applyMirrorAction({ kind: 'users', complete: true, users }, deps(db));
    expect(db.at('mirrorSync')).toEqual({ completedAt: NOW, users: 2, devices: 3 });
    expect(db.updates.at(-1)).toEqual({ mirrorSync: { completedAt: NOW, users: 2, devices: 3 } });
  });

  it('records no sync for a filtered list, which does not say who is gone', async () => {
    const db = new MemoryDb();
    await applyMirrorAction({ kind: 'users', complete: false, users: [upstreamUser(1)] }, deps(db));
    expect(db.at('mirrorSync')).toBeUndefined();
  });

  it('updates a changed name and adds a new token without dropping ones app users registered', async () => {
    const db = new MemoryDb({
      users: { 1: { userId: '1', name: 'Old', image: '', lastUpdate: 1 } },
      deviceTokens: { 1: { 0: { token: 'registered-by-the-app', updatedAt: 1 } } },
    });
    await applyMirrorAction(
      {
        kind: 'users',
        complete: true,
        users: [{ ...upstreamUser(1, ['new-token']), name: 'New' }],
      },
      deps(db),
    );
    expect(db.at('users/1')).toEqual({ userId: '1', name: 'New', image: '', lastUpdate: NOW });
    expect(
      Object.values(db.at('deviceTokens/1') as object)
        .map((e: { token: string }) => e.token)
        .sort(),
    ).toEqual(['new-token', 'registered-by-the-app']);
  });

  it('removes users no longer listed, with their tokens, only when the list is complete', async () => {
    const initial = {
      users: {
        1: { userId: '1', name: 'A', image: '', lastUpdate: 1 },
        2: { userId: '2', name: 'B', image: '', lastUpdate: 1 },
      },
      deviceTokens: {
        2: { k: { token: 'two', updatedAt: 1 } },
        3: { k: { token: 'orphan', updatedAt: 1 } },
      },
    };
    const paged = new MemoryDb(initial);
    await applyMirrorAction(
      { kind: 'users', complete: false, users: [upstreamUser(1)] },
      deps(paged),
    );
    expect(paged.at('users/2')).toBeDefined();

    const db = new MemoryDb(initial);
    await applyMirrorAction({ kind: 'users', complete: true, users: [upstreamUser(1)] }, deps(db));
    expect(Object.keys(db.at('users') as object)).toEqual(['1']);
    expect(db.at('deviceTokens')).toBeUndefined();
  });

  it('keeps a listed user it cannot read rather than removing it', async () => {
    const db = new MemoryDb({
      users: { 5: { userId: '5', name: 'Kept', image: '', lastUpdate: 1 } },
    });
    const d = deps(db);
    await applyMirrorAction({ kind: 'users', complete: true, users: [{ id: 5, name: null }] }, d);
    expect(db.at('users/5')).toEqual({ userId: '5', name: 'Kept', image: '', lastUpdate: 1 });
    expect(d.logger.lines.some((line) => line.level === 'warn')).toBe(true);
  });

  // Sized like production, not timed: the generous timeout only keeps a busy machine from failing it.
  it(
    `writes 100 000 users in multi-path updates of at most ${MIRROR_BATCH_PATHS} paths`,
    { timeout: 60_000 },
    async () => {
      const db = new MemoryDb();
      const users = Array.from({ length: 100_000 }, (_, i) =>
        upstreamUser(i + 1, i % 10 === 0 ? [`t-${i}`] : []),
      );
      await applyMirrorAction({ kind: 'users', complete: true, users }, deps(db));
      expect(db.updates.every((update) => Object.keys(update).length <= MIRROR_BATCH_PATHS)).toBe(
        true,
      );
      // The mirror's 110 000 paths, then the record of the sync.
      expect(db.updates.reduce((n, update) => n + Object.keys(update).length, 0)).toBe(110_001);
      expect(db.updates.length).toBe(Math.ceil(110_000 / MIRROR_BATCH_PATHS) + 1);
      expect(db.at('mirrorSync')).toEqual({ completedAt: NOW, users: 100_000, devices: 10_000 });
      expect(Object.keys(db.at('users') as object)).toHaveLength(100_000);
    },
  );
});

describe('groups and removals', () => {
  it('replaces the members of a group with the assigned users', async () => {
    const db = new MemoryDb({
      groups: { 5: { members: { 1: true, 9: true }, groupChat: { m: { text: 'kept' } } } },
    });
    await applyMirrorAction(
      { kind: 'members', groupId: '5', users: [upstreamUser(1), upstreamUser(2)] },
      deps(db),
    );
    expect(db.at('groups/5/members')).toEqual({ 1: true, 2: true });
    expect(db.at('groups/5/groupChat')).toEqual({ m: { text: 'kept' } });
  });

  it("writes each new or renamed member's name with the membership, and leaves the rest alone", async () => {
    const kept = { userId: '1', name: 'User 1', image: '', lastUpdate: NOW - 5 };
    const db = new MemoryDb({
      users: { 1: kept, 2: { userId: '2', name: 'Old name', image: '', lastUpdate: NOW - 5 } },
    });
    await applyMirrorAction(
      {
        kind: 'members',
        groupId: '5',
        users: [upstreamUser(1), upstreamUser(2), upstreamUser(3), { id: 4 }],
      },
      deps(db),
    );
    expect(db.at('groups/5/members')).toEqual({ 1: true, 2: true, 3: true, 4: true });
    expect(db.at('users')).toEqual({
      1: kept,
      2: { userId: '2', name: 'User 2', image: '', lastUpdate: NOW },
      3: { userId: '3', name: 'User 3', image: '', lastUpdate: NOW },
    });
  });

  it('removes the members of a group that has none left', async () => {
    const db = new MemoryDb({ groups: { 5: { members: { 1: true }, name: 'kept' } } });
    await applyMirrorAction({ kind: 'members', groupId: '5', users: [] }, deps(db));
    expect(db.at('groups/5')).toEqual({ name: 'kept' });
  });

  it('leaves the members as they were, and says so, when the assigned users cannot be read', async () => {
    const db = new MemoryDb({ groups: { 5: { members: { 1: true } } } });
    const d = deps(db);
    await applyMirrorAction({ kind: 'members', groupId: '5', users: { data: 'nope' } }, d);
    expect(db.at('groups/5/members')).toEqual({ 1: true });
    expect(d.logger.lines).toEqual([
      { level: 'warn', message: expect.stringMatching(/\S/), fields: { groupId: '5' } },
    ]);
  });

  it('reads the assigned users back from the upstream after assign-users', async () => {
    const db = new MemoryDb();
    const asked: string[] = [];
    await applyMirrorAction(
      { kind: 'refresh-members', groupId: '5', authorization: 'Bearer a' },
      deps(db, async (groupId, authorization) => {
        asked.push(`${groupId} ${authorization}`);
        return { id: 5, users: [upstreamUser(3)] };
      }),
    );
    expect(asked).toEqual(['5 Bearer a']);
    expect(db.at('groups/5/members')).toEqual({ 3: true });
  });

  it("removes a deleted user with its tokens, and a deleted group's members", async () => {
    const db = new MemoryDb({
      users: { 12: { userId: '12', name: 'A', image: '', lastUpdate: 1 } },
      deviceTokens: { 12: { k: { token: 't', updatedAt: 1 } } },
      groups: { 5: { members: { 12: true } } },
    });
    await applyMirrorAction({ kind: 'remove-user', userId: '12' }, deps(db));
    await applyMirrorAction({ kind: 'remove-group', groupId: '5' }, deps(db));
    expect(db.at('users')).toBeUndefined();
    expect(db.at('deviceTokens')).toBeUndefined();
    expect(db.at('groups')).toBeUndefined();
  });

  it('logs a failure instead of throwing it', async () => {
    const failing = new MemoryDb();
    failing.update = () => Promise.reject(new Error('permission denied'));
    const d = deps(failing);
    await expect(
      applyMirrorAction({ kind: 'remove-user', userId: '1' }, d),
    ).resolves.toBeUndefined();
    expect(d.logger.lines).toEqual([
      {
        level: 'error',
        message: 'User mirror update failed',
        fields: { action: 'remove-user', error: 'Error: permission denied' },
      },
    ]);
  });
});

describe('through the proxy', () => {
  const fixtures = proxyFixtures();
  afterEach(fixtures.closeAll);

  it('sends the reply first and mirrors afterwards; a mirror failure never reaches the client', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const db = new MemoryDb();
    const update = db.update.bind(db);
    db.update = async (values) => {
      await gate;
      await update(values);
      throw new Error('database went away');
    };
    let origin = '';
    const { proxy, upstream, logger } = await fixtures.start(
      (_, res) => sendJson(res, 200, ok([upstreamUser(1, ['tok'], `${origin}/storage/1/a.png`)])),
      { mirror: { db, now: () => NOW } },
    );
    origin = upstream.url;
    const reply = await rawRequest(proxy.url, {
      path: '/api/admin/user',
      headers: { authorization: 'Bearer a' },
    });
    expect(reply.status).toBe(200);
    expect(db.at('users')).toBeUndefined();
    release();
    await expect
      .poll(() => logger.lines.map((line) => line.message))
      .toContain('User mirror update failed');
    expect(db.at('users/1')).toEqual({
      userId: '1',
      name: 'User 1',
      image: '/api/files/storage/1/a.png',
      lastUpdate: NOW,
    });
  });

  it("reads assigned users back with the caller's credentials after assign-users", async () => {
    const db = new MemoryDb();
    const { proxy, upstream } = await fixtures.start(
      (seen, res) =>
        seen.method === 'GET'
          ? sendJson(res, 200, ok([upstreamUser(4), upstreamUser(8)]))
          : sendJson(res, 200, ok(null)),
      { mirror: { db, now: () => NOW } },
    );
    const reply = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/admin/groups/5/assign-users',
      headers: {
        authorization: 'Bearer admin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'user_ids[0]=4&user_ids[1]=8',
    });
    expect(reply.status).toBe(200);
    await expect.poll(() => db.at('groups/5/members')).toEqual({ 4: true, 8: true });
    expect(upstream.seen[1]).toMatchObject({
      method: 'GET',
      url: '/api/admin/groups/5/assigned-users',
    });
    expect(upstream.seen[1]?.headers.authorization).toBe('Bearer admin');
  });
});
