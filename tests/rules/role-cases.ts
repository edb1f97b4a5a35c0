/**
 * The roles' cases. Most are listed from the contract's table (ROLE_PERMISSIONS, through
 * `grantsOf` and `allows`), so the rules are tested equal to it: every admin of the seed, one per
 * role and one with no role record, tries every path an admin reads or writes, and is allowed
 * exactly what its permissions cover; then admins try them again with roles not in use, where
 * every admin may do everything as before roles existed, but nobody reads the others' roles.
 * Last, by hand: the badge of an admin who is also a member, and the role records, which no
 * client writes.
 */
import {
  adminRolesSchema,
  allows,
  FULL_GRANTS,
  grantsOf,
  ROLES,
  roleSettingsSchema,
  scheduledAlertSchema,
  type AdminRoles,
  type ChatMessage,
  type Permission,
} from '../../functions/src/contracts/index.js';
import {
  adminEntry,
  alert,
  DESK_DAY,
  deskPresence,
  FUTURE,
  identities,
  message,
  PAST,
  ROLE_HOLDERS,
  scheduled,
  seed,
  SERVER_TIME,
  type Who,
  type World,
} from './fixture.js';
import {
  allow,
  deny,
  get,
  latest,
  remove,
  set,
  update,
  type Operation,
  type RuleCase,
} from './rule-case.js';

type AdminWho = (typeof ROLE_HOLDERS)[keyof typeof ROLE_HOLDERS] | 'noRoleAdmin';

/** An admin as a path needs them: their uid, and the name recorded with their session. */
interface Admin {
  uid: string;
  name: string;
}

/**
 * A path an admin reads or writes: the permission it takes, what the admin does there (after
 * "may") and how.
 */
type AdminPath = [Permission, string, (admin: Admin) => Operation];

const sessions: Partial<Record<string, Partial<Record<string, { name?: string }>>>> =
  seed.adminSessions;

function adminOf(who: AdminWho): Admin {
  const { uid, claims } = identities[who];
  return { uid, name: sessions[uid]?.[claims.session]?.name ?? '' };
}

/** A new message at g2/n2 (g2 holds no role admin) with the admin badge, unless told. */
const postInG2 = (uid: string, fields: Partial<ChatMessage> = {}) => ({
  ...message({
    senderUID: uid,
    receiverUID: 'g2',
    messageID: 'n2',
    userType: 'admin',
    senderUserName: 'Back office',
  }),
  timeStamp: SERVER_TIME,
  ...fields,
});

const NEW_ALERT = 'notificationsAlert/n1';
const NEW_SCHEDULED = 'scheduledAlerts/n1';
const toUser101 = { target: 'user', userId: '101' } as const;
const scheduledBy = (uid: string, target: object = {}) =>
  scheduledAlertSchema.parse({ ...scheduled('n1', { createdBy: uid }), ...target });
/** Another admin's record than `uid`'s (the owner's, or the prices admin's for the owner). */
const another = (uid: string) =>
  uid === identities.admin.uid ? identities.pricesAdmin.uid : identities.admin.uid;

const adminPaths: AdminPath[] = [
  ['view', 'read the admin entry', () => get('admin')],
  [
    'view',
    'write the admin entry as themselves',
    ({ uid }) => set('admin', adminEntry({ id: uid })),
  ],
  ['view', 'read their own entry', ({ uid }) => get(`admins/${uid}`)],
  ['view', 'write their own entry', ({ uid }) => set(`admins/${uid}`, adminEntry({ id: uid }))],
  ['view', 'read the user mirror', () => get('users')],
  ['view', "read a group's members", () => get('groups/g1/members')],
  ['view', 'read the alert history by time', () => get('notificationsAlert', latest)],
  ['view', "read the history's count", () => get('notificationsAlertCount')],
  ['view', 'list the scheduled notifications', () => get('scheduledAlerts')],
  ['view', 'read the price history', () => get('priceHistory/g1/1')],
  ['view', "see who has a day's desk open", () => get(`deskPresence/${DESK_DAY}`)],
  [
    'view',
    'mark the row they edit on the desk',
    ({ uid, name }) => set(`deskPresence/${DESK_DAY}/${uid}`, deskPresence({ name })),
  ],
  ['view', 'read the audit trail', () => get('auditLog')],
  ['view', 'read whether roles are in use', () => get('roleSettings')],
  ['view', 'read their own roles', ({ uid }) => get(`adminRoles/${uid}`)],
  ['view', 'read the policy on changes held for a second admin', () => get('changePolicy')],
  ['view', 'read the requests for held changes', () => get('changeRequests')],
  ['chat.read', "read a group's chat", () => get('groups/g2/groupChat')],
  ['chat.read', 'read a chat by time', () => get('groups/g1/groupChat', latest)],
  ['chat.read', "read a group's message count", () => get('groupChatCounts/g1')],
  ['chat.write', 'post in a chat', ({ uid }) => set('groups/g2/groupChat/n2', postInG2(uid))],
  [
    'push.all',
    'send an alert to every user',
    () => set(NEW_ALERT, alert({ notificationId: 'n1', target: 'all' })),
  ],
  ['push.all', 'delete an alert sent to every user', () => remove('notificationsAlert/aAll')],
  ['push.all', 'schedule one to every user', ({ uid }) => set(NEW_SCHEDULED, scheduledBy(uid))],
  [
    'push.all',
    'edit a scheduled one to every user',
    () => update('scheduledAlerts/sPending', { title: 'Moved' }),
  ],
  ['push.all', 'cancel a scheduled one to every user', () => remove('scheduledAlerts/sPending')],
  [
    'push.all',
    'turn a scheduled one to a user into one to every user',
    () => update('scheduledAlerts/sUser', { target: 'all', userId: null }),
  ],
  [
    'push.all',
    'turn a scheduled one to every user into one to a user (the old target counts too)',
    () => update('scheduledAlerts/sPending', toUser101),
  ],
  [
    'push.targeted',
    'send an alert to one user',
    () => set(NEW_ALERT, alert({ notificationId: 'n1', ...toUser101 })),
  ],
  [
    'push.targeted',
    'send an alert to a group',
    () => set(NEW_ALERT, alert({ notificationId: 'n1', target: 'group', groupId: 'g1' })),
  ],
  [
    'push.targeted',
    'delete an alert sent to one user',
    () => remove('notificationsAlert/aUser101'),
  ],
  [
    'push.targeted',
    'schedule one to a user',
    ({ uid }) => set(NEW_SCHEDULED, scheduledBy(uid, toUser101)),
  ],
  [
    'push.targeted',
    'edit a scheduled one to a user',
    () => update('scheduledAlerts/sUser', { title: 'Moved', sendAt: FUTURE + 60_000 }),
  ],
  ['push.targeted', 'cancel a scheduled one to a user', () => remove('scheduledAlerts/sUser')],
  ['changes.approve', 'read what the held changes would do', () => get('heldChanges')],
  ['roles.manage', "read every admin's roles", () => get('adminRoles')],
  ['roles.manage', "read another admin's roles", ({ uid }) => get(`adminRoles/${another(uid)}`)],
];

const records: Record<string, AdminRoles> = seed.adminRoles;

/** Whether `who` may use a permission in `world` (undefined: the seed, roles in use). */
function may(who: AdminWho, permission: Permission, world: World | undefined): boolean {
  if (world === undefined) {
    return allows(grantsOf(records[identities[who].uid] ?? null), permission);
  }
  // Without roles in use there are no roles to manage: every admin may do all else.
  return permission !== 'roles.manage' && allows(FULL_GRANTS, permission);
}

const label = (who: AdminWho) => {
  const role = ROLES.find((r) => ROLE_HOLDERS[r] === who);
  if (role === undefined) return 'an admin with no role record';
  return role === 'owner' ? 'the owner' : `the ${role} admin`;
};

function pathCases(who: AdminWho, world?: World): RuleCase[] {
  return adminPaths.map(([permission, what, operation]) => {
    const granted = may(who, permission, world);
    const why = `${label(who)} may${granted ? '' : ' not'} ${what} (${permission})`;
    const c = (granted ? allow : deny)(who, operation(adminOf(who)), why);
    return world === undefined ? c : { ...c, world };
  });
}

const holders: AdminWho[] = [...ROLES.map((role) => ROLE_HOLDERS[role]), 'noRoleAdmin'];

/** Dan (member of g1) posting there at n1, as a member does unless told. */
const danPost = (fields: Partial<ChatMessage> = {}) => ({
  ...message({ senderUID: '104', receiverUID: 'g1', messageID: 'n1', senderUserName: 'Dan' }),
  timeStamp: SERVER_TIME,
  ...fields,
});

/** What the chat-write check decides beside the write rule: the badge and the free name. */
const badgeCases: RuleCase[] = [
  allow(
    'memberAdmin',
    get('groups/g1/groupChat'),
    'an admin without chat.read who is a member reads their group’s chat as a member',
  ),
  deny('memberAdmin', get('groups/g2/groupChat'), 'but no other group’s'),
  allow(
    'memberAdmin',
    set('groups/g1/groupChat/n1', danPost()),
    'an admin without chat.write who is a member posts there as one, under the mirror’s name',
  ),
  deny(
    'memberAdmin',
    set('groups/g1/groupChat/n1', danPost({ userType: 'admin' })),
    'never with the admin badge: that takes chat.write',
  ),
  deny(
    'memberAdmin',
    set('groups/g1/groupChat/n1', danPost({ senderUserName: 'Ada Admin' })),
    'nor under another name than the mirror’s',
  ),
  deny(
    'memberAdmin',
    set('groups/g2/groupChat/n2', postInG2('104', { userType: 'user', senderUserName: 'Dan' })),
    'nor posts as a member, under the mirror’s name, in a group they are not in',
  ),
  {
    ...allow(
      'memberAdmin',
      set('groups/g1/groupChat/n1', danPost({ userType: 'admin' })),
      'with roles not in use, the same admin posts with the badge, as every admin did',
    ),
    world: 'beforeRoles',
  },
  {
    ...deny(
      'memberAdmin',
      set('groups/g1/groupChat/n1', danPost()),
      'and then only with the badge, as before roles existed',
    ),
    world: 'beforeRoles',
  },
  deny(
    'supportAdmin',
    set('groups/g2/groupChat/n2', postInG2(identities.supportAdmin.uid, { userType: 'user' })),
    'an admin who may post does so with the badge',
  ),
];

const ownerRecord = (uid: string) =>
  adminRolesSchema.parse({ roles: { owner: true }, updatedAt: PAST, updatedBy: uid });

/** The records are the functions' alone: no identity writes them, an owner included. */
const recordCases: RuleCase[] = [
  ...(Object.keys(identities) as Who[]).flatMap((who) => {
    const uid = identities[who]?.uid ?? identities.admin.uid;
    return [
      deny(who, set(`adminRoles/${uid}`, ownerRecord(uid)), 'no client makes itself an owner'),
      deny(
        who,
        set('roleSettings', roleSettingsSchema.parse({ inUse: false })),
        'no client turns roles off',
      ),
    ];
  }),
  deny(
    'admin',
    remove(`adminRoles/${identities.supportAdmin.uid}`),
    'an owner changes roles through the api function only, never by writing a record',
  ),
  deny(
    'admin',
    update('roleSettings', { defaultRoles: { owner: true } }),
    'nor the default roles by writing the settings',
  ),
  allow('otherAdmin', get('adminRoles/2'), 'an admin with no record reads their own, empty'),
  deny('signedOutAdmin', get('adminRoles/1'), 'a signed-out admin reads not even their own roles'),
  deny('lapsedAdmin', get('adminRoles'), 'nor an owner whose session lapsed every admin’s'),
  deny('userWithSession', get('adminRoles/105'), "a recorded session with role 'user' reads none"),
  deny('member', get('adminRoles/101'), 'an app user reads no role record'),
  deny('member', get('roleSettings'), 'nor whether roles are in use'),
  deny('anonymous', get('roleSettings'), 'nor does anybody signed out'),
];

export const roleCases: readonly RuleCase[] = [
  ...holders.flatMap((who) => pathCases(who)),
  ...pathCases('noRoleAdmin', 'beforeRoles'),
  // The records stay while roles are off: they give nothing more, nor take anything away.
  ...(['noRoleAdmin', 'auditorAdmin', 'admin'] as const).flatMap((who) =>
    pathCases(who, 'rolesOff'),
  ),
  ...badgeCases,
  ...recordCases,
];
