import { describe, expect, it } from 'vitest';
import {
  auditEntrySchema,
  CHANGE_POLICY_PATH,
  changeDecisionPath,
  changeRequestSchema,
  heldReplySchema,
  heldUpstreamSchema,
  type AuditEntry,
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
 * Upstream calls held for a second admin, through the `api` function over a memory database,
 * sent as a client that ignores the policy would send them. Admin 1 owns the deployment; 2
 * approves and saves prices; 3 saves prices and deletes users; 5 approves only.
 */

const NOW = 1_000_000;
const HOUR = 3_600_000;
const DAY = '2026-12-01';
const PREVIOUS_DAY = '2026-11-30';
const SAVE = '/admin/group/7/fuel-prices';
/** What the upstream holds for the day before the save. */
const STORED = { regular: 4, premium: 4.7, diesel: 4.45, renew_99: 4.4, b_20: 4.3 };

const session = liveSession(NOW + HOUR);

interface Upstream {
  /** The upstream's answer to a save or delete; a 200 echo by default. */
  answer?: (init: RequestInit) => Response | Promise<Response>;
}

function world(initial: Record<string, unknown> = {}, upstream: Upstream = {}) {
  const now = () => NOW;
  const db = new MemoryDb({
    roleSettings: { inUse: true },
    adminRoles: {
      '1': rolesRecord('owner'),
      '2': rolesRecord('approver', 'prices'),
      '3': rolesRecord('prices', 'users'),
      '5': rolesRecord('approver'),
    },
    adminSessions: { '1': session, '2': session, '3': session, '5': session },
    admins: {
      '1': adminEntry('1'),
      '2': adminEntry('2'),
      '3': adminEntry('3'),
      '5': adminEntry('5'),
    },
    ...initial,
  });
  /** Every change that reached the upstream, with the token it carried. */
  const sent: string[] = [];
  const { call, deps } = adminCalls({
    db,
    now,
    owners: ['1'],
    upstream: async (method, path, init) => {
      if (method === 'GET') {
        return Response.json({ metadata: { success: 1, message: '' }, payload: STORED });
      }
      sent.push(`${method} ${path} by ${new Headers(init.headers).get('authorization')}`);
      return (
        (await upstream.answer?.(init)) ??
        Response.json({ metadata: { success: 1, message: 'Saved' }, payload: null })
      );
    },
    deps: auditedDeps(db, now),
  });
  const save = (uid: string, prices: Record<string, number>) =>
    call(uid, 'POST', SAVE, { fuel_price_type_id: '3', date: DAY, ...STORED, ...prices });
  const heldId = (reply: { json: { payload: unknown } | null }) =>
    heldReplySchema.parse(reply.json?.payload).held.id;
  const request = (id: string) => changeRequestSchema.parse(db.at(`changeRequests/${id}`));
  const audit = (): AuditEntry[] =>
    Object.values(childrenOf(db.at('auditLog'))).map((value) => auditEntrySchema.parse(value));
  return { db, deps, call, save, sent, heldId, request, audit };
}

/** The price history knows the day before the save: what the desk read of it. */
const knownPreviousDay = {
  priceHistory: { '7': { '3': { [PREVIOUS_DAY]: { ...STORED, at: 1 } } } },
};

describe('a price save with a warning', () => {
  it('is held, not forwarded, with its cells and why, whatever the client knew of the policy', async () => {
    const { save, sent, heldId, request, db, audit } = world(knownPreviousDay);
    const reply = await save('3', { regular: 4.8, b_20: 25 });
    expect(reply.status).toBe(202);
    expect(reply.json?.payload).toEqual({
      held: { id: expect.any(String), reason: 'priceWarnings' },
    });
    expect(sent).toEqual([]);
    const id = heldId(reply);
    expect(request(id)).toMatchObject({
      kind: 'upstream',
      reason: 'priceWarnings',
      requestedBy: '3',
      status: 'pending',
      summary: `Save prices with a warning: group 7, type 3, for ${DAY}`,
    });
    const held = heldUpstreamSchema.parse(db.at(`heldChanges/${id}`));
    expect(held).toMatchObject({ method: 'POST', path: SAVE, contentType: 'application/json' });
    expect(held.prices).toEqual({
      groupId: '7',
      typeId: '3',
      date: DAY,
      beforeRead: true,
      cells: {
        regular: { before: 4, after: 4.8 },
        premium: { before: 4.7, after: 4.7 },
        diesel: { before: 4.45, after: 4.45 },
        renew_99: { before: 4.4, after: 4.4 },
        b_20: { before: 4.3, after: 25 },
      },
      warnings: [
        { grade: 'regular', kind: 'jump', previous: 4, share: 0.2 },
        { grade: 'b_20', kind: 'range' },
        { grade: 'b_20', kind: 'jump', previous: 4.3, share: expect.closeTo(4.814, 3) },
      ],
    });
    expect(audit()).toEqual([
      expect.objectContaining({
        uid: '3',
        action: 'change.request',
        status: 202,
        targets: { group: '7', type: '3', date: DAY, request: id },
      }),
    ]);
  });

  it('goes upstream at once without a warning, or when the policy lets warnings through', async () => {
    const { save, sent, call } = world(knownPreviousDay);
    expect((await save('3', { regular: 4.2 })).status).toBe(200);
    expect(
      (
        await call('1', 'PUT', CHANGE_POLICY_PATH, {
          pushAll: true,
          priceWarnings: false,
          expiresAfterHours: 6,
        })
      ).status,
    ).toBe(200);
    expect((await save('3', { regular: 9 })).status).toBe(200);
    expect(sent).toEqual([`POST ${SAVE} by Bearer t3`, `POST ${SAVE} by Bearer t3`]);
  });

  it('goes upstream, to be refused there, when the upstream would not take it as it stands', async () => {
    const { save, call, sent } = world(knownPreviousDay);
    expect((await save('3', { regular: -1 })).status).toBe(200);
    const { b_20: _left, ...incomplete } = STORED;
    const missing = await call('3', 'POST', SAVE, {
      fuel_price_type_id: '3',
      date: DAY,
      ...incomplete,
      regular: 40,
    });
    expect(missing.status).toBe(200);
    expect(sent).toHaveLength(2);
  });

  it('where the previous day is unknown, is held only when out of range', async () => {
    const { save, sent } = world();
    expect((await save('3', { regular: 9 })).status).toBe(200);
    expect((await save('3', { regular: 0.2 })).status).toBe(202);
    expect(sent).toEqual([`POST ${SAVE} by Bearer t3`]);
  });
});

describe('approving a held upstream call', () => {
  it("sends it once, with the approver's own token, through the audited path", async () => {
    const { save, call, sent, heldId, request, audit, db } = world(knownPreviousDay);
    const id = heldId(await save('3', { regular: 4.8 }));
    const approved = await call('2', 'POST', changeDecisionPath(id, 'approve'));
    expect(approved.status).toBe(200);
    expect(sent).toEqual([`POST ${SAVE} by Bearer t2`]);
    expect(request(id)).toMatchObject({ status: 'approved', decidedBy: '2' });
    expect(audit().map(({ uid, action, status }) => ({ uid, action, status }))).toEqual([
      { uid: '3', action: 'change.request', status: 202 },
      { uid: '2', action: 'prices.save', status: 200 },
      { uid: '2', action: 'change.approve', status: 200 },
    ]);
    // The price history keeps the day the approval saved, under the approver.
    expect(db.at(`priceHistory/7/3/${DAY}`)).toMatchObject({ regular: 4.8, by: '2' });
  });

  it('performs it once when two approvers act at once', async () => {
    const { save, call, sent, heldId } = world(knownPreviousDay);
    const id = heldId(await save('3', { regular: 4.8 }));
    const both = await Promise.all([
      call('2', 'POST', changeDecisionPath(id, 'approve')),
      call('1', 'POST', changeDecisionPath(id, 'approve')),
    ]);
    expect(both.map(({ status }) => status).sort()).toEqual([200, 409]);
    expect(sent).toHaveLength(1);
  });

  it("ends failed with the upstream's reason when the upstream refuses it", async () => {
    const { save, call, heldId, request } = world(knownPreviousDay, {
      answer: () =>
        Response.json({ message: 'The regular field must be at most 9.' }, { status: 422 }),
    });
    const id = heldId(await save('3', { regular: 40 }));
    const approved = await call('2', 'POST', changeDecisionPath(id, 'approve'));
    expect(approved.status).toBe(422);
    expect(request(id)).toMatchObject({
      status: 'failed',
      failure: 'The regular field must be at most 9.',
    });
  });

  it('is marked unknown, never retried, when the upstream does not answer in time', async () => {
    const { save, call, sent, heldId, request, deps } = world(knownPreviousDay, {
      answer: (init) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    const id = heldId(await save('3', { regular: 40 }));
    deps.timeoutMs = 20;
    const approved = await call('2', 'POST', changeDecisionPath(id, 'approve'));
    expect(approved.status).toBe(502);
    expect(request(id).status).toBe('unknown');
    expect((await call('1', 'POST', changeDecisionPath(id, 'approve'))).status).toBe(409);
    expect(sent).toHaveLength(1);
  });

  it('is refused when the approver may not make the change, and the request says why', async () => {
    const { save, call, sent, heldId, request } = world(knownPreviousDay);
    const id = heldId(await save('3', { regular: 40 }));
    expect((await call('5', 'POST', changeDecisionPath(id, 'approve'))).status).toBe(403);
    expect(sent).toEqual([]);
    expect(request(id).status).toBe('failed');
  });
});

describe('deleting a user or a group', () => {
  it('goes upstream at once while the policy does not hold deletes (the default)', async () => {
    const { call, sent } = world();
    expect((await call('3', 'DELETE', '/admin/user/12')).status).toBe(200);
    expect(sent).toEqual(['DELETE /admin/user/12 by Bearer t3']);
  });

  it('is held while the policy holds it, and made by the approval', async () => {
    const policy = {
      pushAll: true,
      userDelete: true,
      groupDelete: true,
      expiresAfterHours: 6,
      updatedAt: 1,
      updatedBy: '1',
    };
    const { call, sent, heldId, request } = world({ changePolicy: policy });
    const user = await call('3', 'DELETE', '/admin/user/12');
    const group = await call('3', 'DELETE', '/admin/groups/4');
    expect([user.status, group.status]).toEqual([202, 202]);
    expect(sent).toEqual([]);
    expect(request(heldId(user))).toMatchObject({
      reason: 'userDelete',
      summary: 'Delete user 12',
    });
    expect(request(heldId(group))).toMatchObject({
      reason: 'groupDelete',
      summary: 'Delete group 4',
    });
    expect((await call('1', 'POST', changeDecisionPath(heldId(user), 'approve'))).status).toBe(200);
    expect(sent).toEqual(['DELETE /admin/user/12 by Bearer t1']);
  });
});
