/**
 * The world every rules case starts from: who asks, and the data the database holds. The
 * shapes are parsed with the shared contracts, so a case the table expects to be allowed is
 * also a write the web app or the functions could really make.
 */
import {
  adminEntrySchema,
  adminRolesSchema,
  adminSessionSchema,
  alertSchema,
  auditEntrySchema,
  changePolicySchema,
  changeRequestSchema,
  chatMessageSchema,
  deskPresenceSchema,
  deviceTokenEntrySchema,
  heldChangeSchema,
  priceDaySchema,
  ROLES,
  roleSettingsSchema,
  scheduledAlertSchema,
  userMirrorSchema,
  type AdminEntry,
  type Alert,
  type ChangePolicy,
  type ChatMessage,
  type DeskPresence,
  type DeviceTokenEntry,
  type Role,
  type ScheduledAlert,
} from '../../functions/src/contracts/index.js';

/** An admin whose live session the exchange recorded at `adminSessions/{uid}/s1`. */
const roleAdmin = (uid: string) => ({ uid, claims: { role: 'admin', session: 's1' } }) as const;

/** The identities of the table: `uid` and custom claims, or nobody signed in. */
export const identities = {
  /**
   * An admin: custom token from the login exchange, uid = upstream id, claims role 'admin' and
   * the session the exchange recorded at `adminSessions/1/s1`. The owner, while roles are in use.
   */
  admin: roleAdmin('1'),
  /**
   * A second admin, to show one admin cannot write the `admin` entry, or `admins/1`, as the other.
   * No role record: while roles are in use, it only views.
   */
  otherAdmin: { uid: '2', claims: { role: 'admin', session: 's2' } },
  /** An admin holding one role each (ROLE_HOLDERS), and one with no role record at all. */
  pricesAdmin: roleAdmin('11'),
  supportAdmin: roleAdmin('12'),
  communicationsAdmin: roleAdmin('13'),
  broadcastAdmin: roleAdmin('14'),
  usersAdmin: roleAdmin('15'),
  auditorAdmin: roleAdmin('16'),
  approverAdmin: roleAdmin('18'),
  noRoleAdmin: roleAdmin('17'),
  /**
   * Dan (104, member of g1) signed in to the back-office with a live session
   * (`adminSessions/104/s8`) and no role: what he may do in g1's chat is what a member may.
   */
  memberAdmin: { uid: '104', claims: { role: 'admin', session: 's8' } },
  /** The first admin's token after signing out: its session record is gone, the token lives on. */
  signedOutAdmin: { uid: '1', claims: { role: 'admin', session: 's0' } },
  /**
   * The first admin's token of a browser left idle: its session record (`adminSessions/1/s9`) is
   * still there, but its expiry has passed and the sweep has not removed it yet.
   */
  lapsedAdmin: { uid: '1', claims: { role: 'admin', session: 's9' } },
  /** An admin token that names no session (minted before sessions were recorded). */
  sessionlessAdmin: { uid: '1', claims: { role: 'admin' } },
  /** An app user, member of group g1. */
  member: { uid: '101', claims: {} },
  /** Another member of g1. */
  member2: { uid: '104', claims: {} },
  /** A member of g1 the user mirror does not know yet, so no name is on record for them. */
  unnamedMember: { uid: '108', claims: {} },
  /** An app user who is a member of g2 only. */
  outsider: { uid: '102', claims: {} },
  /**
   * Eve (106), a member of g1, holding an admin-role token that names no session (minted before
   * sessions were recorded): no admin session, but still a member.
   */
  sessionlessMember: { uid: '106', claims: { role: 'admin' } },
  /** Eve's admin token after she signed out: its session record is gone, her membership is not. */
  signedOutMember: { uid: '106', claims: { role: 'admin', session: 's0' } },
  /**
   * Eve with a token whose role is 'user' but whose session is recorded (`adminSessions/106/s6`):
   * only the role then tells her from an admin.
   */
  memberWithSession: { uid: '106', claims: { role: 'user', session: 's6' } },
  /** Eve's admin token once its session has lapsed (`adminSessions/106/s7`, expired). */
  lapsedMember: { uid: '106', claims: { role: 'admin', session: 's7' } },
  /** An app user whose token carries a role claim other than admin. */
  userRole: { uid: '105', claims: { role: 'user' } },
  /**
   * The same user with a session claim that derived.test.ts records: only the role then tells
   * it from an admin.
   */
  userWithSession: { uid: '105', claims: { role: 'user', session: 's5' } },
  /** A signed-in identity that is no upstream user (anonymous sign-in, say): not numeric. */
  stranger: { uid: 'Xq3fAnonymousUid9', claims: {} },
  /** Nobody signed in: anyone holding the public web config. */
  anonymous: null,
} as const satisfies Record<string, { uid: string; claims: Record<string, string> } | null>;

export type Who = keyof typeof identities;

/** Who holds each role in the seed; `noRoleAdmin` and `otherAdmin` hold none. */
export const ROLE_HOLDERS = {
  owner: 'admin',
  prices: 'pricesAdmin',
  support: 'supportAdmin',
  communications: 'communicationsAdmin',
  broadcast: 'broadcastAdmin',
  users: 'usersAdmin',
  auditor: 'auditorAdmin',
  approver: 'approverAdmin',
} as const satisfies Record<Role, Who>;

/** A fixed moment in the past for seeded timestamps. */
export const PAST = 1_700_000_000_000;
/** Later than any clock the test runs under: the rules' `now` is never past it. */
export const FUTURE = Date.now() + 7 * 24 * 3600 * 1000;
/** What the SDKs send for a server timestamp; the database puts its own clock there. */
export const SERVER_TIME = { '.sv': 'timestamp' } as const;

export function message(
  fields: Partial<ChatMessage> & Pick<ChatMessage, 'senderUID' | 'receiverUID' | 'messageID'>,
): ChatMessage {
  return chatMessageSchema.parse({
    message: 'Fuel is cheaper on Main Street today',
    url: '',
    type: 'message',
    thumbnail: '',
    filetype: '',
    filename: '',
    userType: 'user',
    senderUserName: 'Bob',
    deleteAbleId: '',
    thumbnailID: '',
    timeStamp: PAST,
    ...fields,
  });
}

type AlertFields = {
  notificationId: string;
} & ({ target: 'all' } | { target: 'user'; userId: string } | { target: 'group'; groupId: string });

export function alert(fields: AlertFields): Alert {
  return alertSchema.parse({
    title: 'Price drop',
    description: 'Diesel is down 5 cents',
    image: '',
    userName: 'All Users',
    timeStamp: PAST,
    ...fields,
  });
}

/** A notification admin 1 scheduled to everyone, due in the future, at key `notificationId`. */
export function scheduled(
  notificationId: string,
  fields: Partial<Omit<ScheduledAlert, 'target'>> = {},
): ScheduledAlert {
  return scheduledAlertSchema.parse({
    ...alert({ notificationId, target: 'all' }),
    sendAt: FUTURE,
    createdBy: identities.admin.uid,
    status: 'pending',
    ...fields,
  });
}

export function adminEntry(fields: Partial<AdminEntry> = {}): AdminEntry {
  return adminEntrySchema.parse({
    id: identities.admin.uid,
    name: 'Ada Admin',
    email: 'ada@example.com',
    image: '',
    deviceToken: 'admin-web-token',
    lastLogin: PAST,
    ...fields,
  });
}

/** A session opened in the past that lives until `expiresAt` (a week ahead unless told). */
export function adminSession(expiresAt: number = FUTURE, name = 'Ada Admin') {
  return adminSessionSchema.parse({
    at: PAST,
    expiresAt,
    tokenHash: 'sha256-of-upstream-token',
    email: 'ada@fuel.test',
    name,
  });
}

/** The policy on changes held for a second admin, as the owner (admin 1) set it. */
export function changePolicy(pushAll: boolean): ChangePolicy {
  return changePolicySchema.parse({
    pushAll,
    expiresAfterHours: 48,
    updatedAt: PAST,
    updatedBy: identities.admin.uid,
  });
}

/** The day of the price desk the presence cases use. */
export const DESK_DAY = '2026-11-25';

/** An admin on the price desk, editing row 5:2 unless told otherwise. */
export function deskPresence(fields: Partial<DeskPresence> = {}): DeskPresence {
  return deskPresenceSchema.parse({ name: 'Ada Admin', row: '5:2', updatedAt: PAST, ...fields });
}

export function tokenEntry(token: string, updatedAt: number = PAST): DeviceTokenEntry {
  return deviceTokenEntrySchema.parse({ token, updatedAt });
}

export const MEMBER_TOKEN = 'fcm-token-of-member-101';
export const OUTSIDER_TOKEN = 'fcm-token-of-outsider-102';
export const NEW_TOKEN = 'fcm-token-new-device-of-101';

/** Given a live session `s1` below: each role's holder but the owner, and the admin with none. */
const SESSION_HOLDERS = [
  ...Object.values(ROLE_HOLDERS).filter((who) => who !== 'admin'),
  'noRoleAdmin',
] as const;

/** Everything the database holds before each case: roles in use, one admin per role. */
export const seed = {
  admin: adminEntry(),
  admins: {
    [identities.admin.uid]: adminEntry(),
    [identities.otherAdmin.uid]: adminEntry({
      id: identities.otherAdmin.uid,
      deviceToken: 'other-admin-web-token',
    }),
  },
  adminSessions: {
    [identities.admin.uid]: {
      [identities.admin.claims.session]: adminSession(),
      [identities.lapsedAdmin.claims.session]: adminSession(PAST + 1),
    },
    [identities.otherAdmin.uid]: {
      [identities.otherAdmin.claims.session]: adminSession(FUTURE, 'Bea Admin'),
    },
    [identities.memberWithSession.uid]: {
      [identities.memberWithSession.claims.session]: adminSession(),
      [identities.lapsedMember.claims.session]: adminSession(PAST + 1, 'Eve'),
    },
    [identities.memberAdmin.uid]: {
      [identities.memberAdmin.claims.session]: adminSession(FUTURE, 'Dan'),
    },
    ...Object.fromEntries(
      SESSION_HOLDERS.map((who) => {
        const { uid, claims } = identities[who];
        return [uid, { [claims.session]: adminSession(FUTURE, `Admin ${uid}`) }];
      }),
    ),
  },
  // The default roles are what the functions give an admin at first sight: the rules read only
  // the record, so an admin without one (noRoleAdmin) only views.
  roleSettings: roleSettingsSchema.parse({ inUse: true, defaultRoles: { auditor: true } }),
  adminRoles: {
    ...Object.fromEntries(
      ROLES.map((role) => [
        identities[ROLE_HOLDERS[role]].uid,
        adminRolesSchema.parse({
          roles: { [role]: true },
          updatedAt: PAST,
          updatedBy: role === 'owner' ? 'deployment' : identities.admin.uid,
        }),
      ]),
    ),
    // Eve may post as an admin: only her role claim and her session tell her tokens from one.
    [identities.memberWithSession.uid]: adminRolesSchema.parse({
      roles: { support: true },
      updatedAt: PAST,
      updatedBy: identities.admin.uid,
    }),
  },
  users: Object.fromEntries(
    [
      ['101', 'Bob'],
      ['102', 'Carol'],
      ['104', 'Dan'],
      ['106', 'Eve'],
    ].map(([userId = '', name]) => [
      userId,
      userMirrorSchema.parse({ userId, name, image: '', lastUpdate: PAST }),
    ]),
  ),
  deviceTokens: {
    '101': { '0': tokenEntry(MEMBER_TOKEN) },
    '102': { '0': tokenEntry(OUTSIDER_TOKEN) },
  },
  groups: {
    g1: {
      members: { '101': true, '104': true, '106': true, '108': true },
      groupChat: {
        m1: message({ senderUID: '101', receiverUID: 'g1', messageID: 'm1' }),
        m2: message({
          senderUID: '1',
          receiverUID: 'g1',
          messageID: 'm2',
          userType: 'admin',
          senderUserName: 'Ada Admin',
          timeStamp: PAST + 1,
        }),
        m3: message({
          senderUID: '104',
          receiverUID: 'g1',
          messageID: 'm3',
          senderUserName: 'Dan',
          timeStamp: PAST + 2,
        }),
        m5: message({
          senderUID: '106',
          receiverUID: 'g1',
          messageID: 'm5',
          senderUserName: 'Eve',
          timeStamp: PAST + 3,
        }),
      },
    },
    g2: {
      members: { '102': true },
      groupChat: {
        m4: message({
          senderUID: '102',
          receiverUID: 'g2',
          messageID: 'm4',
          senderUserName: 'Carol',
        }),
      },
    },
  },
  chatCountMarks: {
    // A message of 101 that was posted, counted and deleted: its key stays spent.
    g1: { gone: { created: true, deleted: true }, m1: { created: true } },
  },
  notificationsAlert: {
    aAll: {
      ...alert({ notificationId: 'aAll', target: 'all' }),
      delivery: { sent: 3, failed: 0, at: PAST },
    },
    aUser101: alert({ notificationId: 'aUser101', target: 'user', userId: '101' }),
    aUser102: alert({ notificationId: 'aUser102', target: 'user', userId: '102' }),
    aG1: alert({ notificationId: 'aG1', target: 'group', groupId: 'g1' }),
    aG2: alert({ notificationId: 'aG2', target: 'group', groupId: 'g2' }),
  },
  scheduledAlerts: {
    sPending: scheduled('sPending'),
    sSent: scheduled('sSent', { status: 'sent', alertId: 'aAll', sentAt: PAST }),
    sUser: scheduledAlertSchema.parse({ ...scheduled('sUser'), target: 'user', userId: '101' }),
  },
  outbox: {
    o1: { token: MEMBER_TOKEN, notification: { title: 'Price drop', body: 'Diesel' }, at: PAST },
  },
  priceHistory: {
    g1: {
      '1': {
        '2026-11-24': priceDaySchema.parse({
          regular: 3.29,
          premium: 3.89,
          diesel: 4.09,
          renew_99: 4.49,
          b_20: 3.99,
          at: PAST,
          by: identities.admin.uid,
        }),
      },
    },
  },
  priceDays: { '2026-11-24': { 'g1:1': true } },
  priceReminders: { '2026-11-24': PAST },
  deskPresence: {
    [DESK_DAY]: {
      [identities.otherAdmin.uid]: deskPresence({ name: 'Bea Admin', row: '5:3' }),
    },
  },
  // Pushes to everyone are not held here, so the table tries them on each admin's rights alone;
  // the worlds `pushesHeld` and `noPolicy` hold them.
  changePolicy: changePolicy(false),
  // A push to everyone the second admin asked for while the policy held it, still waiting.
  changeRequests: {
    r1: changeRequestSchema.parse({
      kind: 'push',
      reason: 'pushAll',
      summary: 'Push "Price drop" to everyone',
      requestedBy: identities.otherAdmin.uid,
      requesterEmail: 'bea@fuel.test',
      requestedAt: PAST,
      expiresAt: FUTURE,
      status: 'pending',
      audience: { users: 2, devices: 2 },
    }),
  },
  heldChanges: {
    r1: heldChangeSchema.parse({
      kind: 'push',
      title: 'Price drop',
      description: 'Diesel is down 5 cents',
      image: '',
    }),
  },
  auditLog: {
    '-e1': auditEntrySchema.parse({
      at: PAST,
      uid: identities.admin.uid,
      email: 'ada@fuel.test',
      action: 'user.delete',
      targets: { user: '102' },
      summary: 'Deleted user 102',
      status: 200,
    }),
  },
};

const { roleSettings: _settings, adminRoles: _records, ...beforeRoles } = seed;
const { changePolicy: _policy, ...noPolicy } = seed;

/**
 * The databases a case may start from instead of the seed: roles not in use, in two ways; and
 * pushes to everyone held for a second admin, in two ways.
 */
export const worlds = {
  /** A database from before roles: no settings, no records; every admin may do everything. */
  beforeRoles,
  /** Roles turned off (the deployment names no owner any more): the records stay, unread. */
  rolesOff: { ...seed, roleSettings: roleSettingsSchema.parse({ inUse: false }) },
  /** The owner set the policy to hold pushes to everyone. */
  pushesHeld: { ...seed, changePolicy: changePolicy(true) },
  /** A deployment that never set a policy: the defaults hold pushes to everyone. */
  noPolicy,
};

export type World = keyof typeof worlds;

export const seedOf = (world: World | undefined): object =>
  world === undefined ? seed : worlds[world];

/** The seeded value at a path ('' is the root), as a read would return it. */
export function seededAt(path: string, data: object = seed): unknown {
  let node: unknown = data;
  for (const key of path.split('/').filter((k) => k !== '')) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[key] ?? null;
  }
  return node;
}
