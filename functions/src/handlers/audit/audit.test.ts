import { afterEach, describe, expect, it } from 'vitest';
import { auditEntrySchema, paths, type Alert } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { proxyFixtures } from '../../testing/proxy-fixture.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { rawRequest, sendJson, type SeenRequest } from '../../testing/servers.js';
import type { ProxyDeps } from '../proxy/index.js';
import {
  changeOf,
  createAdminIdentities,
  describeChange,
  fieldsOf,
  recordAlert,
  recordScheduledChange,
  recordAudit,
  recordSignOut,
  type AuditDeps,
} from './index.js';

const NOW = 1_750_000_000_000;
const ok = (payload: unknown) => ({ metadata: { success: 1, message: '' }, payload });
const ADMIN = { id: 1, name: 'Ada', email: 'ada@fuel.test', role: ['admin'] };
const SAVED = { regular: 3.49, premium: 3.99, diesel: 4.1, renew_99: 5, b_20: 4.5 };

const change = (method: string, path: string) => {
  const [pathname = '', query = ''] = path.split('?');
  return changeOf(method, pathname.split('/').filter(Boolean), query ? `?${query}` : '');
};

/** A change the test knows is one. */
const known = (method: string, path: string) => {
  const found = change(method, path);
  if (found === null) throw new Error(`${method} ${path} is no change`);
  return found;
};

describe('which request is which change', () => {
  it.each([
    ['DELETE', 'admin/user/12', 'user.delete', { user: '12' }],
    ['POST', 'admin/user-report', 'invoice.create', {}],
    ['POST', 'admin/user-report/7?_method=PUT', 'invoice.update', { invoice: '7' }],
    ['DELETE', 'admin/user-report/7', 'invoice.delete', { invoice: '7' }],
    ['POST', 'admin/user-complaint-change-status', 'complaint.status', {}],
    ['POST', 'admin/complaint/3/response', 'complaint.respond', { complaint: '3' }],
    ['DELETE', 'admin/user-complaint/3', 'complaint.delete', { complaint: '3' }],
    ['POST', 'admin/notifications', 'announcement.create', {}],
    ['POST', 'admin/notifications/4?_method=PUT', 'announcement.update', { announcement: '4' }],
    ['DELETE', 'admin/notifications/4', 'announcement.delete', { announcement: '4' }],
    ['POST', 'admin/groups', 'group.create', {}],
    ['POST', 'admin/groups/5?_method=PUT', 'group.update', { group: '5' }],
    ['DELETE', 'admin/groups/5', 'group.delete', { group: '5' }],
    ['POST', 'admin/groups/5/assign-users', 'group.members', { group: '5' }],
    ['POST', 'admin/offers', 'offers.update', {}],
    ['POST', 'admin/group/5/fuel-prices', 'prices.save', { group: '5' }],
    ['POST', 'chats', 'chat.upload', {}],
  ])('%s /%s is %s', (method, path, action, targets) => {
    expect(change(method, path)).toMatchObject({ action, targets });
  });

  it('names any other change by its method and path', () => {
    expect(change('PATCH', 'admin/settings/9')).toMatchObject({
      action: 'other',
      request: 'PATCH /admin/settings/9',
    });
  });

  it('records no read, no signed-out call, and no POST that says it is a GET', () => {
    expect(change('GET', 'admin/user')).toBeNull();
    expect(change('HEAD', 'admin/user')).toBeNull();
    expect(change('POST', 'admin/user-report/7?_method=GET')).toBeNull();
    expect(change('POST', 'register')).toBeNull();
    expect(change('POST', 'password/email')).toBeNull();
    expect(change('POST', 'login')).toBeNull();
  });
});

describe('what an entry says', () => {
  it('keeps the prices before (as read upstream) and after (as saved)', () => {
    const saved = { id: 9, regular: 3.49, premium: '3.99', diesel: 4.1, renew_99: 5, b_20: 4.5 };
    const details = describeChange(known('POST', 'admin/group/5/fuel-prices'), {
      fields: { fuel_price_type_id: '2', date: '2026-11-25', regular: '999' },
      payload: saved,
      before: { regular: 3.29, premium: 3.89, diesel: 4, renew_99: null, b_20: 4.4 },
    });
    expect(details).toEqual({
      action: 'prices.save',
      targets: { group: '5', type: '2', date: '2026-11-25' },
      summary: 'Saved prices of group 5, type 2, for 2026-11-25',
      before: { regular: 3.29, premium: 3.89, diesel: 4, renew_99: null, b_20: 4.4 },
      after: { regular: 3.49, premium: 3.99, diesel: 4.1, renew_99: 5, b_20: 4.5 },
    });
  });

  it('says a day without prices had none before', () => {
    const details = describeChange(known('POST', 'admin/group/5/fuel-prices'), {
      fields: {},
      payload: null,
      before: {},
    });
    expect(details.before).toEqual({
      regular: null,
      premium: null,
      diesel: null,
      renew_99: null,
      b_20: null,
    });
  });

  it('names the complaint and its new status, the invoice and its user, the new ids', () => {
    expect(
      describeChange(known('POST', 'admin/user-complaint-change-status'), {
        fields: { complaint_id: 3, status: '2' },
        payload: {},
      }),
    ).toMatchObject({
      targets: { complaint: '3' },
      summary: 'Set complaint 3 to Approved',
      after: { status: 'Approved' },
    });
    expect(
      describeChange(known('POST', 'admin/user-report'), {
        fields: { user_id: '12', title: 'March' },
        payload: { id: 40 },
      }),
    ).toMatchObject({
      targets: { user: '12', invoice: '40' },
      summary: 'Created invoice "March" of user 12',
    });
    expect(
      describeChange(known('POST', 'admin/groups/5/assign-users'), {
        fields: {},
        payload: [{ id: 4 }, { id: 8 }],
      }),
    ).toMatchObject({ summary: 'Set the members of group 5 (2)', after: { members: '4,8' } });
  });

  it.each([
    ['DELETE', 'admin/user/12', {}, null, 'Deleted user 12', { user: '12' }],
    [
      'POST',
      'admin/user-report/7?_method=PUT',
      { user_id: 12, title: '' },
      null,
      'Edited invoice of user 12',
      { invoice: '7', user: '12' },
    ],
    ['POST', 'admin/user-report', { user_id: '' }, null, 'Created invoice of user ?', undefined],
    ['DELETE', 'admin/user-report/7', {}, null, 'Deleted invoice 7', { invoice: '7' }],
    [
      'POST',
      'admin/user-complaint-change-status',
      { complaint_id: 3, status: 7 },
      null,
      'Set complaint 3 to 7',
      { complaint: '3' },
    ],
    ['POST', 'admin/user-complaint-change-status', {}, null, 'Set complaint ? to ?', undefined],
    [
      'POST',
      'admin/complaint/3/response',
      {},
      null,
      'Responded to complaint 3',
      { complaint: '3' },
    ],
    ['DELETE', 'admin/user-complaint/3', {}, null, 'Deleted complaint 3', { complaint: '3' }],
    [
      'POST',
      'admin/notifications',
      {},
      { id: 4, title: 'Closed Monday' },
      'Posted announcement "Closed Monday"',
      { announcement: '4' },
    ],
    [
      'POST',
      'admin/notifications/4?_method=PUT',
      {},
      { id: 9, title: 'Open' },
      'Edited announcement "Open"',
      { announcement: '4' },
    ],
    ['DELETE', 'admin/notifications/4', {}, null, 'Deleted announcement 4', { announcement: '4' }],
    [
      'POST',
      'admin/groups/5?_method=PUT',
      {},
      { id: 5, name: 'West' },
      'Edited group "West"',
      { group: '5' },
    ],
    ['POST', 'admin/groups', {}, { name: 'New' }, 'Created group "New"', undefined],
    ['DELETE', 'admin/groups/5', {}, null, 'Deleted group 5', { group: '5' }],
    [
      'POST',
      'admin/groups/5/assign-users',
      {},
      { users: [] },
      'Set the members of group 5',
      { group: '5' },
    ],
    ['POST', 'admin/offers', {}, null, 'Replaced offer images', undefined],
    [
      'POST',
      'chats',
      {},
      { id: 77, file: { name: 'a.png' } },
      'Uploaded a chat file "a.png"',
      { upload: '77' },
    ],
    ['POST', 'chats', {}, { id: Number.NaN }, 'Uploaded a chat file', undefined],
    ['PATCH', 'admin/settings/9', {}, null, 'PATCH /admin/settings/9', undefined],
  ])(
    'sums up %s /%s as the audit screen shows it',
    (method, path, fields, payload, summary, targets) => {
      const details = describeChange(known(method, path), { fields, payload });
      expect(details.summary).toBe(summary);
      expect(details.targets).toEqual(targets);
    },
  );

  it('says nothing of members or statuses it could not read', () => {
    expect(
      describeChange(known('POST', 'admin/groups/5/assign-users'), { fields: {}, payload: null }),
    ).not.toHaveProperty('after');
    expect(
      describeChange(known('POST', 'admin/user-complaint-change-status'), {
        fields: { complaint_id: 3 },
        payload: null,
      }),
    ).not.toHaveProperty('after');
  });

  it('keeps a summary of exactly the limit whole, and cuts a longer one with an ellipsis', () => {
    const named = (length: number) =>
      describeChange(known('POST', 'admin/groups'), {
        fields: {},
        payload: { id: 1, name: 'x'.repeat(length - 'Created group ""'.length) },
      }).summary;
    expect(named(500).endsWith('x"')).toBe(true);
    expect(named(501)).toHaveLength(500);
    expect(named(501).endsWith('x…')).toBe(true);
  });

  it('keeps a summary within the entry limit', () => {
    const details = describeChange(known('POST', 'admin/groups'), {
      fields: {},
      payload: { id: 1, name: 'x'.repeat(2000) },
    });
    expect(details.summary).toHaveLength(500);
    expect(() =>
      auditEntrySchema.parse({ ...details, at: NOW, uid: '1', email: '', status: 200 }),
    ).not.toThrow();
  });
});

describe('request fields', () => {
  const bytes = (text: string) => Buffer.from(text);

  it('reads JSON objects and forms, gathering list fields', () => {
    expect(fieldsOf(bytes('{"user_id":3}'), 'application/json; charset=utf-8')).toEqual({
      user_id: 3,
    });
    expect(
      fieldsOf(bytes('user_ids[0]=4&user_ids[1]=8&date=x'), 'application/x-www-form-urlencoded'),
    ).toEqual({ user_ids: ['4', '8'], date: 'x' });
  });

  it("reads a multipart body's text fields, not its files", () => {
    const body = [
      '--b0undary',
      'Content-Disposition: form-data; name="fuel_price_type_id"',
      '',
      '2',
      '--b0undary',
      'Content-Disposition: form-data; name="user_ids[0]"',
      '',
      '4',
      '--b0undary',
      'Content-Disposition: form-data; name="user_ids[1]"',
      '',
      '8',
      '--b0undary',
      'Content-Disposition: form-data; name="image"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'PNG…',
      '--b0undary--',
      '',
    ].join('\r\n');
    expect(fieldsOf(bytes(body), 'multipart/form-data; boundary=b0undary')).toEqual({
      fuel_price_type_id: '2',
      user_ids: ['4', '8'],
    });
    expect(fieldsOf(bytes(body), 'multipart/form-data; boundary="b0undary"')).toMatchObject({
      fuel_price_type_id: '2',
    });
  });

  it('reads nothing from other types or bodies that do not parse', () => {
    expect(fieldsOf(bytes('{"a":1}'), 'multipart/form-data')).toEqual({});
    expect(fieldsOf(bytes('{"a":1}'), 'text/plain')).toEqual({});
    expect(fieldsOf(bytes('{nope'), 'application/json')).toEqual({});
    expect(fieldsOf(bytes('[1,2]'), 'application/json')).toEqual({});
  });
});

describe('who the admin is', () => {
  it('asks once per token for minutes, then again; never remembers a non-admin', async () => {
    let now = NOW;
    const asked: string[] = [];
    const identities = createAdminIdentities({ now: () => now, ttlMs: 60_000, maxEntries: 10 });
    const lookUp = async (bearer: string) => {
      asked.push(bearer);
      return bearer === 'Bearer admin' ? { uid: '1', email: 'ada@fuel.test' } : null;
    };
    expect(await identities('Bearer admin', lookUp)).toEqual({ uid: '1', email: 'ada@fuel.test' });
    expect(await identities('Bearer admin', lookUp)).toEqual({ uid: '1', email: 'ada@fuel.test' });
    expect(await identities('Bearer user', lookUp)).toBeNull();
    expect(await identities('Bearer user', lookUp)).toBeNull();
    expect(await identities(undefined, lookUp)).toBeNull();
    now += 60_000;
    await identities('Bearer admin', lookUp);
    expect(asked).toEqual(['Bearer admin', 'Bearer user', 'Bearer user', 'Bearer admin']);
  });

  it('forgets the oldest token past its size', async () => {
    const asked: string[] = [];
    const identities = createAdminIdentities({ now: () => NOW, ttlMs: 60_000, maxEntries: 2 });
    const lookUp = async (bearer: string) => {
      asked.push(bearer);
      return { uid: bearer, email: '' };
    };
    for (const bearer of ['a', 'b', 'c', 'b', 'a']) await identities(bearer, lookUp);
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('writing an entry', () => {
  it('logs a failed write instead of failing the change', async () => {
    const db = new MemoryDb();
    db.update = () => Promise.reject(new Error('database went away'));
    const logger = recordingLogger();
    await recordAudit(
      { uid: '1', email: '', action: 'user.delete', summary: 'x', status: 200 },
      { db, now: () => NOW, logger },
    );
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: 'Could not write an audit entry',
        fields: { action: 'user.delete', uid: '1', error: 'Error: database went away' },
      },
    ]);
  });

  it('writes the paths given alongside in the same update as the entry', async () => {
    const db = new MemoryDb();
    await recordAudit(
      { uid: '1', email: '', action: 'prices.save', summary: 'x', status: 200 },
      { db, now: () => NOW, logger: recordingLogger() },
      { 'priceHistory/5/2/2026-11-25': { regular: 1 } },
    );
    expect(db.updates).toHaveLength(1);
    expect(Object.keys(db.updates[0] ?? {})).toEqual([
      'priceHistory/5/2/2026-11-25',
      expect.stringMatching(/^auditLog\/-push/),
    ]);
  });
});

describe('through the proxy', () => {
  const fixtures = proxyFixtures();
  afterEach(fixtures.closeAll);

  async function start(
    respond: (seen: SeenRequest) => { status: number; json: unknown },
    options: Partial<ProxyDeps> = {},
  ) {
    const db = new MemoryDb();
    const audit: AuditDeps = {
      db,
      now: () => NOW,
      logger: recordingLogger(),
      identities: createAdminIdentities({ now: () => NOW, ttlMs: 60_000, maxEntries: 10 }),
    };
    const { proxy, upstream } = await fixtures.start(
      (seen, res) => {
        if (seen.url === '/api/me') {
          const admin = seen.headers.authorization === 'Bearer admin';
          return sendJson(res, 200, ok(admin ? ADMIN : { ...ADMIN, id: 2, role: ['user'] }));
        }
        const { status, json } = respond(seen);
        sendJson(res, status, json);
      },
      { audit, ...options },
    );
    const entries = () => Object.values((db.at(paths.auditLog()) ?? {}) as object);
    return { proxy, upstream, entries, db };
  }

  it("records an admin's delete, with its outcome, before the reply leaves", async () => {
    const { proxy, entries } = await start(() => ({ status: 200, json: ok(null) }));
    const reply = await rawRequest(proxy.url, {
      method: 'DELETE',
      path: '/api/admin/user/12',
      headers: { authorization: 'Bearer admin' },
    });
    expect(reply.status).toBe(200);
    expect(entries()).toEqual([
      {
        at: NOW,
        uid: '1',
        email: 'ada@fuel.test',
        action: 'user.delete',
        targets: { user: '12' },
        summary: 'Deleted user 12',
        status: 200,
      },
    ]);
  });

  it('records a refused change with the status it ended with', async () => {
    const { proxy, entries } = await start(() => ({
      status: 404,
      json: { metadata: { success: 0, message: 'not found' }, payload: null },
    }));
    await rawRequest(proxy.url, {
      method: 'DELETE',
      path: '/api/admin/groups/9',
      headers: { authorization: 'Bearer admin' },
    });
    expect(entries()).toMatchObject([{ action: 'group.delete', status: 404 }]);
  });

  it('reads the prices before a save itself, whatever the browser sends', async () => {
    const { proxy, upstream, entries, db } = await start((seen) =>
      seen.method === 'GET'
        ? {
            status: 200,
            json: ok({ regular: 3.29, premium: 3.89, diesel: 4, renew_99: 5, b_20: 4.4 }),
          }
        : {
            status: 200,
            json: ok({ ...SAVED, fuel_price_type_id: 2, date: '2026-11-25' }),
          },
    );
    const body = JSON.stringify({
      fuel_price_type_id: 2,
      date: '2026-11-25',
      regular: 3.49,
      premium: 3.99,
      diesel: 4.1,
      renew_99: 5,
      b_20: 4.5,
      before: { regular: 0 },
    });
    const reply = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/admin/group/5/fuel-prices',
      headers: { authorization: 'Bearer admin', 'content-type': 'application/json' },
      body,
    });
    expect(reply.status).toBe(200);
    const [read, save] = upstream.seen.filter((seen) => seen.url !== '/api/me');
    expect(read).toMatchObject({
      method: 'GET',
      url: '/api/admin/group/5/fuel-prices/2?date=2026-11-25',
    });
    expect(read?.headers.authorization).toBe('Bearer admin');
    expect(save?.body.toString()).toBe(body);
    expect(db.at('priceHistory/5/2/2026-11-25')).toEqual({
      regular: 3.49,
      premium: 3.99,
      diesel: 4.1,
      renew_99: 5,
      b_20: 4.5,
      at: NOW,
      by: '1',
    });
    expect(entries()).toMatchObject([
      {
        action: 'prices.save',
        targets: { group: '5', type: '2', date: '2026-11-25' },
        before: { regular: 3.29, premium: 3.89, diesel: 4, renew_99: 5, b_20: 4.4 },
        after: { regular: 3.49, premium: 3.99, diesel: 4.1, renew_99: 5, b_20: 4.5 },
      },
    ]);
  });

  it('asks who the admin is once for changes in a row, and records no read', async () => {
    const { proxy, upstream, entries } = await start(() => ({ status: 200, json: ok(null) }));
    for (const path of ['/api/admin/user/1', '/api/admin/user/2']) {
      await rawRequest(proxy.url, {
        method: 'DELETE',
        path,
        headers: { authorization: 'Bearer admin' },
      });
    }
    await rawRequest(proxy.url, {
      path: '/api/admin/user',
      headers: { authorization: 'Bearer admin' },
    });
    expect(upstream.seen.filter((seen) => seen.url === '/api/me')).toHaveLength(1);
    expect(entries()).toHaveLength(2);
  });

  it('records nothing for someone who is not an admin (the upstream refuses them)', async () => {
    const { proxy, entries } = await start(() => ({ status: 403, json: ok(null) }));
    await rawRequest(proxy.url, {
      method: 'DELETE',
      path: '/api/admin/user/12',
      headers: { authorization: 'Bearer user' },
    });
    expect(entries()).toEqual([]);
  });

  it("records an admin's sign-in from its reply, and no one else's", async () => {
    const { proxy, entries } = await start((seen) => {
      const admin = JSON.parse(seen.body.toString()).email === ADMIN.email;
      return {
        status: 200,
        json: ok({ user: admin ? ADMIN : { ...ADMIN, id: 2, role: ['user'] }, token: 't' }),
      };
    });
    for (const email of [ADMIN.email, 'someone@fuel.test']) {
      await rawRequest(proxy.url, {
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'secret' }),
      });
    }
    expect(entries()).toMatchObject([
      { uid: '1', email: 'ada@fuel.test', action: 'session.sign-in', status: 200 },
    ]);
  });

  it('says whether a signed-in admin got their database session', async () => {
    const signIn = async (options: Partial<ProxyDeps>) => {
      const { proxy, entries } = await start(
        () => ({ status: 200, json: ok({ user: ADMIN, token: 't' }) }),
        options,
      );
      await rawRequest(proxy.url, {
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, password: 'secret' }),
      });
      return entries();
    };
    expect(await signIn({ createCustomToken: () => Promise.resolve('custom') })).toMatchObject([
      { action: 'session.sign-in', summary: 'Signed in with a database session' },
    ]);
    expect(
      await signIn({ createCustomToken: () => Promise.reject(new Error('unreachable')) }),
    ).toMatchObject([
      {
        action: 'session.sign-in',
        summary: expect.stringMatching(/^Signed in without a database session \(\w[\w-]*\)$/),
      },
    ]);
  });
});

describe('entries the database and sign-out write', () => {
  const alert = {
    notificationId: 'a1',
    title: 'Prices drop',
    description: 'Regular is down',
    image: '',
    userName: 'Group West',
    timeStamp: NOW,
    target: 'group' as const,
    groupId: 'g5',
  };
  // The entry the admin writes themselves names someone else: the trail believes the session.
  const admins = {
    admins: {
      '1': {
        ...ADMIN,
        id: '1',
        email: 'forged@fuel.test',
        image: '',
        deviceToken: '',
        lastLogin: 0,
      },
    },
    adminSessions: {
      '1': {
        old: { at: NOW - 9, expiresAt: NOW, tokenHash: 'h0', email: 'ada.old@fuel.test' },
        s1: { at: NOW - 5, expiresAt: NOW + 60_000, tokenHash: 'h1', email: 'ada@fuel.test' },
      },
    },
  };

  it('records a new alert once under its own key, however often the event comes', async () => {
    const db = new MemoryDb(admins);
    const deps = { db, now: () => NOW, logger: recordingLogger() };
    await recordAlert({ alertId: 'a1', alert, authId: '1' }, deps);
    await recordAlert({ alertId: 'a1', alert, authId: '1' }, { ...deps, now: () => NOW + 5 });
    expect(db.at(paths.auditLog())).toEqual({
      'alert-a1': {
        at: NOW,
        uid: '1',
        email: 'ada@fuel.test',
        action: 'alert.create',
        targets: { alert: 'a1', group: 'g5' },
        summary: 'Sent "Prices drop" to group Group West',
        status: 200,
      },
    });
  });

  it('records a deleted alert once, beside the entry of its sending', async () => {
    const db = new MemoryDb(admins);
    const deps = { db, now: () => NOW, logger: recordingLogger() };
    await recordAlert({ alertId: 'a1', alert, authId: '1' }, deps);
    for (const at of [NOW + 60_000, NOW + 60_005]) {
      await recordAlert(
        { alertId: 'a1', alert, authId: '1', change: 'deleted' },
        { ...deps, now: () => at },
      );
    }
    expect(db.at(`${paths.auditLog()}/alert-deleted-a1`)).toEqual({
      at: NOW + 60_000,
      uid: '1',
      email: 'ada@fuel.test',
      action: 'alert.delete',
      targets: { alert: 'a1', group: 'g5' },
      summary: 'Deleted "Prices drop" (sent to group Group West) from the history',
      status: 200,
    });
    expect(Object.keys(db.at(paths.auditLog()) as object)).toEqual([
      'alert-a1',
      'alert-deleted-a1',
    ]);
  });

  it("records an admin's scheduled sends: created, changed and cancelled, each once", async () => {
    const db = new MemoryDb(admins);
    const deps = { db, now: () => NOW, logger: recordingLogger() };
    const pending = {
      notificationId: 's1',
      title: 'Weekend prices',
      description: 'Cheaper on Saturday',
      image: '',
      userName: 'All Users',
      timeStamp: NOW,
      sendAt: Date.UTC(2026, 11, 5, 16, 0),
      createdBy: '1',
      status: 'pending' as const,
      target: 'all' as const,
    };
    const moved = { ...pending, sendAt: Date.UTC(2026, 11, 6, 17, 30) };
    const events: [string, unknown, unknown, string | undefined][] = [
      ['e1', null, pending, '1'],
      ['e1', null, pending, '1'],
      ['e2', pending, moved, '1'],
      // The functions claim and send it: no admin's change.
      ['e3', moved, { ...moved, status: 'sending', alertId: 'a9' }, undefined],
      ['e4', moved, null, '1'],
    ];
    for (const [index, [eventId, before, after, authId]] of events.entries()) {
      await recordScheduledChange(
        { scheduledId: 's1', eventId, at: NOW + index, before, after, authId },
        deps,
      );
    }
    const log = db.at(paths.auditLog()) as Record<string, { action: string; summary: string }>;
    expect(Object.entries(log).map(([key, entry]) => [key, entry.action, entry.summary])).toEqual([
      [
        'scheduled-e1',
        'scheduled.create',
        'Scheduled "Weekend prices" for 2026-12-05 16:00 UTC to everyone',
      ],
      [
        'scheduled-e2',
        'scheduled.update',
        'Changed the scheduled "Weekend prices": 2026-12-06 17:30 UTC to everyone',
      ],
      ['scheduled-e4', 'scheduled.cancel', 'Cancelled the scheduled "Weekend prices"'],
    ]);
  });

  it('records no alert whose writer the event does not name', async () => {
    const db = new MemoryDb(admins);
    const logger = recordingLogger();
    await recordAlert({ alertId: 'a1', alert, authId: undefined }, { db, now: () => NOW, logger });
    expect(db.at(paths.auditLog())).toBeUndefined();
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'warn' }));
  });

  it('says who an alert went to: everyone, a user, or a group without a name', async () => {
    const summaries: unknown[] = [];
    const { groupId: _groupId, target: _target, ...common } = alert;
    const sent: [string, Alert][] = [
      ['a', { ...common, target: 'all', userName: '' }],
      ['b', { ...common, target: 'user', userId: '12', userName: 'Ana' }],
      ['c', { ...alert, userName: '' }],
    ];
    for (const [id, one] of sent) {
      const db = new MemoryDb(admins);
      await recordAlert(
        { alertId: id, alert: one, authId: '1' },
        { db, now: () => NOW, logger: recordingLogger() },
      );
      const entry = db.at(`${paths.auditLog()}/alert-${id}`) as {
        summary: string;
        targets: object;
      };
      summaries.push([entry.summary, entry.targets]);
    }
    expect(summaries).toEqual([
      ['Sent "Prices drop" to everyone', { alert: 'a' }],
      ['Sent "Prices drop" to user Ana', { alert: 'b', user: '12' }],
      ['Sent "Prices drop" to group ?', { alert: 'c', group: 'g5' }],
    ]);
  });

  it('logs an alert entry it cannot write, naming the admin', async () => {
    const db = new MemoryDb(admins);
    db.transaction = () => Promise.reject(new Error('database went away'));
    const logger = recordingLogger();
    await recordAlert({ alertId: 'a1', alert, authId: '1' }, { db, now: () => NOW, logger });
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: expect.stringMatching(/\S/),
        fields: { action: 'alert.create', uid: '1', error: 'Error: database went away' },
      },
    ]);
  });

  it('names a signed-out admin as the sign-out route found them', async () => {
    const db = new MemoryDb(admins);
    await recordSignOut(
      { uid: '1', email: 'ada@fuel.test' },
      { db, now: () => NOW, logger: recordingLogger() },
    );
    expect(Object.values(db.at(paths.auditLog()) as object)).toEqual([
      {
        at: NOW,
        uid: '1',
        email: 'ada@fuel.test',
        action: 'session.sign-out',
        summary: 'Signed out',
        status: 200,
      },
    ]);
  });
});
