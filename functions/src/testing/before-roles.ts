/**
 * A database as the product wrote it before roles existed: a record under every path
 * contracts/realtime.ts (and scheduled.ts, changes.ts) names, each built at that path and parsed
 * by its contract, and no `adminRoles` or `roleSettings` at all. Its admins, groups and keys are
 * those of the database rules' case table (tests/rules/fixture.ts), so the table's cases run over
 * it as well as the functions' tests do.
 */
import * as z from 'zod/mini';
import {
  adminEntrySchema,
  adminSessionSchema,
  alertCountSchema,
  alertSchema,
  auditEntrySchema,
  changePaths,
  changePolicySchema,
  changeRequestSchema,
  chatCountMarkSchema,
  chatMessageSchema,
  deskPresenceSchema,
  deviceTokenEntrySchema,
  groupChatCountSchema,
  heldChangeSchema,
  mirrorSyncSchema,
  outboxEntrySchema,
  paths,
  priceDaySchema,
  pushClaimSchema,
  pushCountSchema,
  refusedTokenSchema,
  scheduledAlertSchema,
  scheduledPaths,
  sessionUserSchema,
  userMirrorSchema,
} from '../contracts/index.js';
import { adminEntry, alertFields, chatMessage, imageMessage } from './records.js';

/** A moment in the past, for every time the product recorded. */
export const BEFORE = 1_700_000_000_000;
/** 2100-01-01: ahead of any clock a test runs under, so the sessions and sends are to come. */
export const AHEAD = 4_102_444_800_000;

/** Each admin with a live session: upstream id, session id, and the name it was opened under. */
export const LIVE_ADMINS = [
  ['1', 's1', 'Ada Admin'],
  ['2', 's2', 'Bea Admin'],
  ...['11', '12', '13', '14', '15', '16', '17', '18'].map(
    (uid) => [uid, 's1', `Admin ${uid}`] as const,
  ),
  ['104', 's8', 'Dan'],
] as const;

/** The top-level keys a database holds only once roles are in use. */
export const ROLE_ROOTS: readonly string[] = [paths.allAdminRoles(), paths.roleSettings()];

/** The top-level key of every path the contracts name, role records included. */
export function namedRoots(): string[] {
  const named = [
    ...Object.values(paths),
    ...Object.values(scheduledPaths),
    ...Object.values(changePaths),
  ] as ((...ids: string[]) => string)[];
  return [...new Set(named.map((path) => path('x', 'x', 'created').split('/')[0] ?? ''))].sort();
}

type Entry = [path: string, value: unknown];

/** A record at `path`, as its contract parses it. */
const record = (
  path: string,
  schema: { parse(value: unknown): unknown },
  value: unknown,
): Entry => [path, schema.parse(value)];

/** What the sessions keep of the upstream token they were opened with (SHA-256, base64url). */
const TOKEN_HASH = 'Rq0f2pDqmkYB9fFVh2Qw3q1pXxgYV6dC8a0Zt4uJm1E';

const session = (name: string | undefined, expiresAt = AHEAD) => ({
  at: BEFORE,
  expiresAt,
  tokenHash: TOKEN_HASH,
  email: 'ada@fuel.test',
  ...(name === undefined ? {} : { name }),
});

const message = (group: string, id: string, fields: object = {}): Entry =>
  record(`${paths.groupChat(group)}/${id}`, chatMessageSchema, {
    ...chatMessage({ senderUID: '101', senderUserName: 'Bob', timeStamp: BEFORE }),
    receiverUID: group,
    messageID: id,
    ...fields,
  });

const alert = (id: string, target: object): Entry =>
  record(`${paths.alerts()}/${id}`, alertSchema, {
    ...alertFields,
    notificationId: id,
    timeStamp: BEFORE,
    ...target,
  });

const scheduled = (id: string, fields: object): Entry =>
  record(scheduledPaths.scheduledAlert(id), scheduledAlertSchema, {
    ...alertFields,
    notificationId: id,
    timeStamp: BEFORE,
    target: 'all',
    sendAt: AHEAD,
    createdBy: '1',
    status: 'pending',
    ...fields,
  });

const toBob = { target: 'user', userId: '101', userName: 'Bob' } as const;
const ALERTS = ['aAll', 'aUser101', 'aUser102', 'aG1', 'aG2'];
const members = z.record(z.string(), z.literal(true));
const claim = { state: 'done', at: BEFORE, by: 'fn-1', pages: 1, sent: 2, failed: 0, pruned: 0 };
const prices = { regular: 3.29, premium: 3.89, diesel: 4.09, renew_99: 4.49, b_20: 3.99 };

const entries: Entry[] = [
  // Who signed in, and their sessions: live, lapsed and not swept yet, opened before names.
  record(paths.admin(), adminEntrySchema, adminEntry('1', 'admin-web-token')),
  record(paths.adminEntry('1'), adminEntrySchema, adminEntry('1', 'admin-web-token')),
  record(paths.adminEntry('2'), adminEntrySchema, adminEntry('2', 'other-admin-web-token')),
  ...LIVE_ADMINS.map(([uid, id, name]) =>
    record(paths.adminSession(uid, id), adminSessionSchema, session(name)),
  ),
  record(paths.adminSession('1', 's9'), adminSessionSchema, session('Ada Admin', BEFORE + 1)),
  record(paths.adminSession('106', 's7'), adminSessionSchema, session(undefined, BEFORE + 1)),
  record(paths.signIn(TOKEN_HASH), z.object({ user: sessionUserSchema, at: z.int() }), {
    user: { id: 1, name: 'Ada Admin', email: 'ada@fuel.test', role: ['admin'], device_ids: ['w'] },
    at: BEFORE,
  }),
  record(paths.refusedToken(`${TOKEN_HASH.slice(1)}x`), refusedTokenSchema, { uid: '2', at: 1 }),
  record(paths.testPushSent('1'), z.int(), BEFORE),
  // The user mirror.
  ...[
    ['101', 'Bob'],
    ['102', 'Carol'],
    ['104', 'Dan'],
    ['106', 'Eve'],
  ].map(([userId = '', name]) =>
    record(paths.user(userId), userMirrorSchema, { userId, name, image: '', lastUpdate: BEFORE }),
  ),
  ...['101', '102'].map((userId) =>
    record(`${paths.deviceTokens(userId)}/0`, deviceTokenEntrySchema, {
      token: `fcm-token-of-member-${userId}`,
      updatedAt: BEFORE,
    }),
  ),
  record(paths.mirrorSync(), mirrorSyncSchema, { completedAt: BEFORE, users: 4, devices: 2 }),
  // Group chats, their uploads, counts and pushes.
  record(paths.groupMembers('g1'), members, { '101': true, '104': true, '106': true, '108': true }),
  record(paths.groupMembers('g2'), members, { '102': true }),
  message('g1', 'm1'),
  message('g1', 'm2', { senderUID: '1', userType: 'admin', senderUserName: 'Ada Admin' }),
  message('g2', 'm4', { ...imageMessage(), senderUID: '102', senderUserName: 'Carol' }),
  record(`${paths.chatUploads('12')}/g2/m4`, z.literal(true), true),
  record(paths.chatUploadPath('12'), z.string(), '/storage/12/pump.png'),
  record(paths.groupChatCount('g1'), groupChatCountSchema, 2),
  record(paths.groupChatCount('g2'), groupChatCountSchema, 1),
  ...[
    ['g1', 'm1'],
    ['g1', 'm2'],
    ['g2', 'm4'],
  ].map(([group = '', id = '']) =>
    record(paths.chatCountMark(group, id, 'created'), chatCountMarkSchema, true),
  ),
  record(paths.pushClaim('chat', 'g1/m2'), pushClaimSchema, claim),
  // Alerts sent and scheduled, their count and pushes.
  alert('aAll', { target: 'all', delivery: { sent: 2, failed: 0, at: BEFORE, devices: 2 } }),
  alert('aUser101', toBob),
  alert('aUser102', { target: 'user', userId: '102', userName: 'Carol' }),
  alert('aG1', { target: 'group', groupId: 'g1', userName: 'g1' }),
  alert('aG2', { target: 'group', groupId: 'g2', userName: 'g2' }),
  record(paths.alertCount(), alertCountSchema, ALERTS.length),
  ...ALERTS.map((id) => record(paths.alertCountMark(id, 'created'), chatCountMarkSchema, true)),
  record(paths.pushClaim('alert', 'aAll'), pushClaimSchema, claim),
  record(`${paths.pushClaim('alertChunks', 'aAll')}/0`, pushClaimSchema, claim),
  record(`${paths.outbox()}/o1`, outboxEntrySchema, {
    token: 'fcm-token-of-member-101',
    notification: { title: alertFields.title, body: alertFields.description },
    at: BEFORE,
  }),
  record(`${paths.pushCounts()}/p1`, pushCountSchema, { tokens: 2, rss: 120_000_000 }),
  scheduled('sPending', {}),
  scheduled('sSent', { status: 'sent', alertId: 'aAll', sentAt: BEFORE }),
  scheduled('sUser', toBob),
  // Pushes to everyone are not held (an admin turned the hold off, as any admin may before
  // roles), so each admin's own push to everyone is still tried; and a request made while held.
  record(changePaths.changePolicy(), changePolicySchema, {
    pushAll: false,
    expiresAfterHours: 48,
    updatedAt: BEFORE,
    updatedBy: '1',
  }),
  record(changePaths.changeRequest('r1'), changeRequestSchema, {
    kind: 'push',
    reason: 'pushAll',
    summary: `Push "${alertFields.title}" to everyone`,
    requestedBy: '2',
    requesterEmail: 'bea@fuel.test',
    requestedAt: BEFORE,
    expiresAt: AHEAD,
    status: 'pending',
    audience: { users: 4, devices: 2 },
  }),
  record(changePaths.heldChange('r1'), heldChangeSchema, {
    kind: 'push',
    title: alertFields.title,
    description: alertFields.description,
    image: alertFields.image,
  }),
  // Prices, the desk and the audit trail.
  record(`${paths.priceHistory('g1', '1')}/2026-11-24`, priceDaySchema, {
    ...prices,
    at: BEFORE,
    by: '1',
  }),
  record(`${paths.priceHistory('g1', '1')}/2026-11-23`, priceDaySchema, { ...prices, at: BEFORE }),
  record(paths.deskPresenceEntry('2026-11-25', '2'), deskPresenceSchema, {
    name: 'Bea Admin',
    row: '5:3',
    updatedAt: BEFORE,
  }),
  record(`${paths.auditLog()}/-e1`, auditEntrySchema, {
    at: BEFORE,
    uid: '1',
    email: 'ada@fuel.test',
    action: 'user.delete',
    targets: { user: '102' },
    summary: 'Deleted user 102',
    status: 200,
  }),
];

/** The database as a tree to load, a fresh copy each call. */
export function beforeRolesDatabase(): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, value] of entries) {
    const keys = path.split('/');
    const last = keys.pop() ?? '';
    let node = root;
    for (const key of keys) {
      const child = (node[key] ??= {});
      if (typeof child !== 'object' || child === null) throw new Error(`${path} is under a value`);
      node = child as Record<string, unknown>;
    }
    if (last in node) throw new Error(`${path} is written twice`);
    node[last] = structuredClone(value);
  }
  return root;
}
