import { describe, expect, it } from 'vitest';
import {
  auditEntrySchema,
  changeDecisionPath,
  heldReplySchema,
  heldUpstreamSchema,
  revertConflictSchema,
  revertPathOf,
  type AuditEntry,
  type Capabilities,
} from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import {
  adminCalls,
  auditedDeps,
  adminEntry,
  liveSession,
  rolesRecord,
} from '../../testing/admin-calls.js';
import { childrenOf } from '../ports.js';

/**
 * Revert from the audit trail, through the `api` function over a memory database and an upstream
 * that keeps what it is sent. Admin 1 owns the deployment; 2 approves and saves prices; 3 saves
 * prices and edits groups; 4 edits announcements and complaints; 6 holds no role.
 */

const NOW = 1_000_000;
const HOUR = 3_600_000;
const DAY = '2026-12-01';
const SAVE = '/admin/group/7/fuel-prices';
const OLD = { regular: 4, premium: 4.7, diesel: 4.45, renew_99: 4.4, b_20: 4.3 };
const NEW = { regular: 4.1, premium: 4.8, diesel: 4.5, renew_99: 4.45, b_20: 4.35 };
const session = liveSession(NOW + HOUR);

/** An upstream holding one day of prices, an announcement, a group and a complaint. */
function fakeUpstream() {
  const prices: Record<string, Record<string, unknown>> = { [DAY]: { ...OLD, date: DAY } };
  const announcements = [
    {
      id: 4,
      title: 'Old title',
      description: 'Old text',
      image: { original_url: 'http://u/a.png' },
    },
  ];
  const groups = [{ id: 9, name: 'Old name', image: null, users: [], timestamp: 1 }];
  const complaints = [{ id: 6, title: 'Leak', description: 'd', user: null, status: 1 }];
  /** Every change the upstream was sent. */
  const sent: { call: string; fields: Record<string, unknown> }[] = [];
  const ok = (payload: unknown) =>
    Response.json({ metadata: { success: 1, message: '' }, payload });
  const answer = async (method: string, path: string, init: RequestInit, search: string) => {
    if (method === 'GET') {
      if (path === '/admin/notifications') return ok(announcements);
      if (path === '/admin/groups') return ok(groups);
      if (path === '/admin/user-complaint') return ok(complaints);
      const day = new URLSearchParams(search).get('date');
      if (day === null) return ok(prices[Object.keys(prices).sort().at(-1) as string] ?? null);
      return ok(prices[day] ?? null);
    }
    const request = new Response(init.body, { headers: init.headers });
    const fields = /json/.test(request.headers.get('content-type') ?? '')
      ? ((await request.json()) as Record<string, unknown>)
      : Object.fromEntries(await request.formData());
    sent.push({ call: `${method} ${path}`, fields });
    if (path === SAVE) {
      const grades = Object.keys(OLD).map((grade) => [grade, Number(fields[grade])]);
      prices[String(fields.date)] = { ...Object.fromEntries(grades), date: fields.date };
      return ok(prices[String(fields.date)]);
    }
    if (path === '/admin/notifications/4') {
      Object.assign(announcements[0] as object, {
        title: fields.title,
        description: fields.description,
      });
      return ok(announcements[0]);
    }
    if (path === '/admin/groups/9') {
      Object.assign(groups[0] as object, { name: fields.name });
      return ok(groups[0]);
    }
    if (path === '/admin/user-complaint-change-status') {
      Object.assign(complaints[0] as object, { status: Number(fields.status) });
      return ok(null);
    }
    return ok(null);
  };
  return { prices, announcements, groups, complaints, sent, answer };
}

function world(options: { capabilities?: Partial<Capabilities>; initial?: object } = {}) {
  const now = () => NOW;
  const db = new MemoryDb({
    roleSettings: { inUse: true },
    adminRoles: {
      '1': rolesRecord('owner'),
      '2': rolesRecord('approver', 'prices'),
      '3': rolesRecord('prices', 'users'),
      '4': rolesRecord('communications', 'support'),
      '6': {},
    },
    adminSessions: { '1': session, '2': session, '3': session, '4': session, '6': session },
    admins: Object.fromEntries(['1', '2', '3', '4', '6'].map((uid) => [uid, adminEntry(uid)])),
    ...options.initial,
  });
  const upstream = fakeUpstream();
  const { call, deps } = adminCalls({
    db,
    now,
    owners: ['1'],
    upstream: (method, path, init) =>
      upstream.answer(method, path, init, new URL(String(lastUrl)).search),
    deps: auditedDeps(db, now),
  });
  // The fake is handed the path alone: keep the query of the last call for the price reads.
  let lastUrl: URL | string = '';
  const fetch = deps.fetch;
  deps.fetch = (url, init) => {
    lastUrl = url;
    return fetch(url, init);
  };
  if (options.capabilities) deps.capabilities = { ...deps.capabilities, ...options.capabilities };
  const entries = () =>
    Object.entries(childrenOf(db.at('auditLog'))).map(
      ([key, value]) => [key, auditEntrySchema.parse(value)] as [string, AuditEntry],
    );
  const keyOf = (action: string, index = 0) => {
    const found = entries().filter(([, entry]) => entry.action === action)[index];
    if (found === undefined) throw new Error(`No ${action} entry #${index}`);
    return found[0];
  };
  const revert = (uid: string, key: string, confirmed = false) =>
    call(uid, 'POST', revertPathOf(key), { confirmed });
  return { db, call, upstream, entries, keyOf, revert };
}

const savePrices = (w: ReturnType<typeof world>, uid: string, prices: object) =>
  w.call(uid, 'POST', SAVE, { fuel_price_type_id: '3', date: DAY, ...prices });

describe('reverting a price save', () => {
  it('sends the prices before it back upstream, recorded as a revert of that entry', async () => {
    const w = world();
    expect((await savePrices(w, '3', NEW)).status).toBe(200);
    const key = w.keyOf('prices.save');
    expect(w.entries().find(([k]) => k === key)?.[1]).toMatchObject({ before: OLD, after: NEW });

    const reply = await w.revert('3', key);
    expect(reply.status).toBe(200);
    expect(w.upstream.prices[DAY]).toEqual({ ...OLD, date: DAY });
    expect(w.upstream.sent.at(-1)?.fields).toEqual({
      fuel_price_type_id: '3',
      ...Object.fromEntries(Object.entries(OLD).map(([grade, price]) => [grade, String(price)])),
      date: DAY,
    });
    const revertEntry = w.entries().filter(([, entry]) => entry.action === 'prices.save')[1]?.[1];
    expect(revertEntry).toMatchObject({
      uid: '3',
      summary: `Revert: Saved prices of group 7, type 3, for ${DAY}`,
      revertOf: key,
      before: NEW,
      after: OLD,
      status: 200,
      targets: { group: '7', type: '3', date: DAY },
    });
  });

  it('asks first with the three values when the prices changed since, then reverts when confirmed', async () => {
    const w = world();
    await savePrices(w, '3', NEW);
    const key = w.keyOf('prices.save');
    const later = { ...NEW, regular: 4.2 };
    await savePrices(w, '2', later);
    const sentBefore = w.upstream.sent.length;

    const asked = await w.revert('3', key);
    expect(asked.status).toBe(409);
    expect(revertConflictSchema.parse(asked.json?.payload).conflict).toEqual({
      before: OLD,
      after: NEW,
      current: later,
    });
    expect(w.upstream.sent).toHaveLength(sentBefore);

    expect((await w.revert('3', key, true)).status).toBe(200);
    expect(w.upstream.prices[DAY]).toEqual({ ...OLD, date: DAY });
  });

  it('compares with the latest record, and says so, where the upstream has no per-day read', async () => {
    const entry: AuditEntry = {
      at: 1,
      uid: '3',
      email: 'a3@x.test',
      action: 'prices.save',
      summary: 'Saved prices',
      targets: { group: '7', type: '3', date: '2026-11-30' },
      before: OLD,
      after: NEW,
      status: 200,
    };
    const w = world({
      capabilities: { priceDayParam: null },
      initial: { auditLog: { e1: entry } },
    });
    const asked = await w.revert('3', 'e1');
    expect(asked.status).toBe(409);
    expect(revertConflictSchema.parse(asked.json?.payload).conflict).toMatchObject({
      current: OLD,
      latestDay: DAY,
    });
  });

  it('is refused for a save that had no prices before it, and for one the upstream refused', async () => {
    const w = world();
    await w.call('3', 'POST', SAVE, { fuel_price_type_id: '3', date: '2026-12-02', ...NEW });
    const first = await w.revert('3', w.keyOf('prices.save'));
    expect(first.status).toBe(422);
    expect(first.json?.metadata.message).toMatch(/no prices before this save/);

    const refused: AuditEntry = {
      ...(w.entries()[0]?.[1] as AuditEntry),
      before: OLD,
      status: 422,
    };
    await w.db.update({ 'auditLog/refused': refused });
    const second = await w.revert('3', 'refused');
    expect(second.status).toBe(422);
    expect(second.json?.metadata.message).toMatch(/not made/);
    expect((await w.revert('3', 'no-such-entry')).status).toBe(404);
  });

  it('is a change like any other: refused to an admin without the permission', async () => {
    const w = world();
    await savePrices(w, '3', NEW);
    const sent = w.upstream.sent.length;
    const reply = await w.revert('6', w.keyOf('prices.save'), true);
    expect(reply.status).toBe(403);
    expect(w.upstream.sent).toHaveLength(sent);
    expect(w.upstream.prices[DAY]).toMatchObject(NEW);
  });

  it('is held for a second admin when the policy holds it, and the approval records the revert', async () => {
    // A save that replaced an out-of-range price: sending it back carries a warning.
    const outOfRange = { ...OLD, b_20: 30 };
    const entry: AuditEntry = {
      at: 1,
      uid: '3',
      email: 'a3@x.test',
      action: 'prices.save',
      summary: 'Saved prices',
      targets: { group: '7', type: '3', date: DAY },
      before: outOfRange,
      after: NEW,
      status: 200,
    };
    const w = world({ initial: { auditLog: { e1: entry } } });
    w.upstream.prices[DAY] = { ...NEW, date: DAY };

    const held = await w.revert('3', 'e1');
    expect(held.status).toBe(202);
    const id = heldReplySchema.parse(held.json?.payload).held.id;
    expect(heldUpstreamSchema.parse(w.db.at(`heldChanges/${id}`))).toMatchObject({
      path: SAVE,
      revertOf: 'e1',
    });
    expect(w.upstream.prices[DAY]).toEqual({ ...NEW, date: DAY });

    expect((await w.call('2', 'POST', changeDecisionPath(id, 'approve'), {})).status).toBe(200);
    expect(w.upstream.prices[DAY]).toEqual({ ...outOfRange, date: DAY });
    const approved = w.entries().find(([, e]) => e.action === 'prices.save' && e.uid === '2');
    expect(approved?.[1]).toMatchObject({ revertOf: 'e1', before: NEW, after: outOfRange });
  });
});

describe('reverting an edit of an announcement, a group or a complaint', () => {
  it('sends an announcement’s texts before the edit back, read upstream before the edit', async () => {
    const w = world();
    const edit = { title: 'New title', description: 'New text' };
    expect((await w.call('4', 'POST', '/admin/notifications/4?_method=PUT', edit)).status).toBe(
      200,
    );
    const key = w.keyOf('announcement.update');
    expect(w.entries()[0]?.[1]).toMatchObject({
      before: { title: 'Old title', description: 'Old text', image: 'http://u/a.png' },
      after: edit,
    });

    expect((await w.revert('4', key)).status).toBe(200);
    expect(w.upstream.sent.at(-1)).toEqual({
      call: 'POST /admin/notifications/4',
      fields: { title: 'Old title', description: 'Old text' },
    });
    expect(w.upstream.announcements[0]).toMatchObject({
      title: 'Old title',
      description: 'Old text',
    });
  });

  it('renames a group back, and asks first when it was renamed again since', async () => {
    const w = world();
    await w.call('3', 'POST', '/admin/groups/9?_method=PUT', { name: 'Second' });
    const key = w.keyOf('group.update');
    await w.call('3', 'POST', '/admin/groups/9?_method=PUT', { name: 'Third' });

    const asked = await w.revert('3', key);
    expect(asked.status).toBe(409);
    expect(revertConflictSchema.parse(asked.json?.payload).conflict).toEqual({
      before: { name: 'Old name' },
      after: { name: 'Second' },
      current: { name: 'Third' },
    });
    expect((await w.revert('3', key, true)).status).toBe(200);
    expect(w.upstream.groups[0]?.name).toBe('Old name');
  });

  it('sets a complaint’s status back with the upstream’s code', async () => {
    const w = world();
    const change = { complaint_id: 6, status: 2 };
    await w.call('4', 'POST', '/admin/user-complaint-change-status', change);
    const key = w.keyOf('complaint.status');
    expect(w.entries()[0]?.[1]).toMatchObject({
      before: { status: 'Pending' },
      after: { status: 'Approved' },
    });
    expect((await w.revert('4', key)).status).toBe(200);
    expect(w.upstream.sent.at(-1)).toEqual({
      call: 'POST /admin/user-complaint-change-status',
      fields: { complaint_id: 6, status: 1 },
    });
    expect(w.upstream.complaints[0]?.status).toBe(1);
  });

  it('says so when the record is no longer there', async () => {
    const w = world();
    await w.call('3', 'POST', '/admin/groups/9?_method=PUT', { name: 'Second' });
    w.upstream.groups.length = 0;
    const reply = await w.revert('3', w.keyOf('group.update'));
    expect(reply.status).toBe(404);
    expect(reply.json?.metadata.message).toMatch(/no longer there/);
  });
});
