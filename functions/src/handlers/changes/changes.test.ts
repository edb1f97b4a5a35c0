import { describe, expect, it } from 'vitest';
import {
  auditEntrySchema,
  CHANGE_POLICY_PATH,
  CHANGE_REQUESTS_PATH,
  changeDecisionPath,
  changeRequestSchema,
  type AuditEntry,
} from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { adminCalls, adminEntry, liveSession, rolesRecord } from '../../testing/admin-calls.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { childrenOf } from '../ports.js';
import { createRecordingSender } from '../push/index.js';
import { APPROVAL_PUSH_TITLE, expireChangeRequests } from './index.js';

/**
 * Changes held for a second admin, through the `api` function over a memory database. Admin 1
 * owns the deployment; 2 approves; 3 may push to everyone; 4 answers complaints.
 */

const NOW = 1_000_000;
const HOUR = 3_600_000;

const session = liveSession(NOW + HOUR);

function world(initial: Record<string, unknown> = {}, owners = ['1']) {
  let now = NOW;
  const clock = () => now;
  const db = new MemoryDb({
    roleSettings: { inUse: true },
    adminRoles: {
      '1': rolesRecord('owner'),
      '2': rolesRecord('approver'),
      '3': rolesRecord('broadcast'),
      '4': rolesRecord('support'),
    },
    adminSessions: { '1': session, '2': session, '3': session, '4': session },
    admins: {
      '1': adminEntry('1'),
      '2': adminEntry('2'),
      '3': adminEntry('3'),
      '4': adminEntry('4'),
    },
    mirrorSync: { completedAt: NOW - 1000, users: 3, devices: 5 },
    ...initial,
  });
  const { call } = adminCalls({
    db,
    now: clock,
    owners,
    deps: {
      mirror: { db, now: clock },
      changes: { db, now: clock, sender: createRecordingSender(db, clock) },
    },
  });
  const push = {
    kind: 'push',
    title: 'Storm warning',
    description: 'Stations close at 6',
    image: '',
  };
  const ask = async (uid = '3', body: unknown = push) => {
    const reply = await call(uid, 'POST', CHANGE_REQUESTS_PATH, body);
    return { ...reply, id: (reply.json?.payload as { id?: string } | null)?.id ?? '' };
  };
  const request = (id: string) => changeRequestSchema.parse(db.at(`changeRequests/${id}`));
  const audit = (): AuditEntry[] =>
    Object.values(childrenOf(db.at('auditLog'))).map((value) => auditEntrySchema.parse(value));
  const alerts = () => Object.values(childrenOf(db.at('notificationsAlert')));
  const outbox = () => Object.values(childrenOf(db.at('outbox')));
  return {
    db,
    call,
    ask,
    request,
    audit,
    alerts,
    outbox,
    later: (ms: number) => (now += ms),
  };
}

describe('a push to everyone held for a second admin', () => {
  it('is kept as a request with its audience, not written as an alert, and approvers are told', async () => {
    const { ask, request, alerts, outbox, audit, db } = world();
    const asked = await ask();
    expect(asked.status).toBe(200);
    expect(alerts()).toEqual([]);
    expect(request(asked.id)).toMatchObject({
      kind: 'push',
      reason: 'pushAll',
      summary: 'Push "Storm warning" to everyone',
      requestedBy: '3',
      requesterEmail: 'a3@x.test',
      status: 'pending',
      expiresAt: NOW + 48 * HOUR,
      audience: { users: 3, devices: 5 },
    });
    expect(db.at(`heldChanges/${asked.id}`)).toEqual({
      kind: 'push',
      title: 'Storm warning',
      description: 'Stations close at 6',
      image: '',
    });
    // The owner and the approver hold `changes.approve`; the requester and support do not.
    expect(outbox()).toEqual(
      ['browser-of-1', 'browser-of-2'].map((token) =>
        expect.objectContaining({
          token,
          notification: { title: APPROVAL_PUSH_TITLE, body: expect.stringContaining('a3@x.test') },
          data: { type: 'approval', requestId: asked.id },
        }),
      ),
    );
    expect(audit()).toEqual([
      expect.objectContaining({
        uid: '3',
        action: 'change.request',
        targets: { request: asked.id },
      }),
    ]);
  });

  it('is written as the alert once approved, and the audit names who asked and who approved', async () => {
    const { ask, call, request, alerts, audit } = world();
    const { id } = await ask();
    const approved = await call('2', 'POST', changeDecisionPath(id, 'approve'));
    expect(approved.status).toBe(200);
    expect(alerts()).toEqual([
      expect.objectContaining({ title: 'Storm warning', target: 'all', userName: 'All Users' }),
    ]);
    expect(request(id)).toMatchObject({
      status: 'approved',
      decidedBy: '2',
      deciderEmail: 'a2@x.test',
    });
    expect(
      audit()
        .map(({ uid, action }) => `${uid} ${action}`)
        .sort(),
    ).toEqual(['2 change.approve', '3 alert.create', '3 change.request']);
  });

  it('is sent once when two approvers approve at once', async () => {
    const { ask, call, alerts, request } = world();
    const { id } = await ask();
    const replies = await Promise.all([
      call('1', 'POST', changeDecisionPath(id, 'approve')),
      call('2', 'POST', changeDecisionPath(id, 'approve')),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
    expect(alerts()).toHaveLength(1);
    expect(request(id).status).toBe('approved');
  });

  it('cannot be approved or rejected by the admin who asked, nor by one without the role', async () => {
    const { ask, call, request, alerts } = world();
    const { id } = await ask('1');
    const own = await call('1', 'POST', changeDecisionPath(id, 'approve'));
    expect(own.status).toBe(403);
    expect(own.json?.metadata.message).toMatch(/second admin/);
    expect((await call('4', 'POST', changeDecisionPath(id, 'approve'))).status).toBe(403);
    expect(
      (await call('4', 'POST', changeDecisionPath(id, 'reject'), { reason: 'x' })).status,
    ).toBe(403);
    expect(request(id).status).toBe('pending');
    expect(alerts()).toEqual([]);
  });

  it('is rejected with a reason the requester sees, and a rejection needs one', async () => {
    const { ask, call, request, audit, alerts } = world();
    const { id } = await ask();
    expect(
      (await call('2', 'POST', changeDecisionPath(id, 'reject'), { reason: ' ' })).status,
    ).toBe(400);
    const rejected = await call('2', 'POST', changeDecisionPath(id, 'reject'), {
      reason: 'Wrong day',
    });
    expect(rejected.status).toBe(200);
    expect(request(id)).toMatchObject({
      status: 'rejected',
      rejection: 'Wrong day',
      decidedBy: '2',
    });
    expect(alerts()).toEqual([]);
    expect(audit().find((e) => e.action === 'change.reject')?.summary).toContain('Wrong day');
    expect((await call('1', 'POST', changeDecisionPath(id, 'approve'))).status).toBe(409);
  });

  it('may be withdrawn by its requester only, and then no longer approved', async () => {
    const { ask, call, request } = world();
    const { id } = await ask();
    expect((await call('2', 'POST', changeDecisionPath(id, 'withdraw'))).status).toBe(403);
    expect((await call('3', 'POST', changeDecisionPath(id, 'withdraw'))).status).toBe(200);
    expect(request(id).status).toBe('withdrawn');
    const late = await call('2', 'POST', changeDecisionPath(id, 'approve'));
    expect(late.status).toBe(409);
    expect(late.json?.metadata.message).toContain('withdrawn');
  });

  it('expires after the policy’s time: refused at once, marked by the sweep', async () => {
    const { ask, call, request, later, db, audit } = world();
    const { id } = await ask();
    later(48 * HOUR);
    const late = await call('2', 'POST', changeDecisionPath(id, 'approve'));
    expect(late.status).toBe(409);
    expect(late.json?.metadata.message).toContain('expired');
    const deps = { db, now: () => NOW + 48 * HOUR, logger: recordingLogger() };
    expect(await expireChangeRequests(deps)).toBe(1);
    expect(request(id).status).toBe('expired');
    expect(await expireChangeRequests(deps)).toBe(0);
    expect(audit().filter((e) => e.action === 'change.expire')).toHaveLength(1);
  });

  it('for later is approved into a pending scheduled send of the requester', async () => {
    const { ask, call, db } = world();
    const { id } = await ask('3', {
      kind: 'push',
      title: 'Tomorrow',
      description: 'Open late',
      image: '',
      sendAt: NOW + HOUR,
    });
    const approved = await call('2', 'POST', changeDecisionPath(id, 'approve'));
    const { scheduledId } = approved.json?.payload as { scheduledId: string };
    expect(db.at(`scheduledAlerts/${scheduledId}`)).toMatchObject({
      title: 'Tomorrow',
      target: 'all',
      sendAt: NOW + HOUR,
      createdBy: '3',
      status: 'pending',
    });
  });

  it('is not held, but refused as a request, while the policy lets pushes to everyone through', async () => {
    const { ask, call, request } = world();
    expect(
      (await call('3', 'PUT', CHANGE_POLICY_PATH, { pushAll: false, expiresAfterHours: 6 })).status,
    ).toBe(403);
    const set = await call('1', 'PUT', CHANGE_POLICY_PATH, {
      pushAll: false,
      expiresAfterHours: 6,
    });
    expect(set.status).toBe(200);
    expect((await ask()).status).toBe(409);
    await call('1', 'PUT', CHANGE_POLICY_PATH, { pushAll: true, expiresAfterHours: 6 });
    const { id } = await ask();
    expect(request(id).expiresAt).toBe(NOW + 6 * HOUR);
  });

  it('can be asked for only by an admin who may push to everyone', async () => {
    const { ask } = world();
    const refused = await ask('4');
    expect(refused.status).toBe(403);
    expect(refused.json?.payload).toMatchObject({ permission: 'push.all' });
  });
});

describe('before roles are in use', () => {
  it('any admin but the requester approves', async () => {
    const { ask, call, request } = world({ roleSettings: { inUse: false }, adminRoles: null }, []);
    const { id } = await ask('4');
    expect((await call('4', 'POST', changeDecisionPath(id, 'approve'))).status).toBe(403);
    expect((await call('3', 'POST', changeDecisionPath(id, 'approve'))).status).toBe(200);
    expect(request(id).status).toBe('approved');
  });
});
