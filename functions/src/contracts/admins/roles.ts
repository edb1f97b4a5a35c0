/**
 * Least-privilege roles (docs/product.md, "Roles"). Signing in still takes the upstream's `admin`
 * role; inside the product each admin holds roles, and each role grants permissions. The `api`
 * function checks the permissions of every call it forwards, the database rules check those of
 * the paths a browser writes, and the web only reflects them. The records' schemas are in
 * role-records.ts: the web's first screens use these rules without loading zod.
 */

/** What an admin may do. Every admin holds `view`, with or without a role. */
export const PERMISSIONS = [
  /** Read every screen but the group chats; open the price desk; test a push to oneself. */
  'view',
  /** Read the group chats and their counts. */
  'chat.read',
  /** Post in the group chats, upload their files, delete their messages. */
  'chat.write',
  'users.delete',
  /** Create, rename and delete groups; change their members. */
  'groups.write',
  /** Create, edit and delete a user's invoices. */
  'invoices.write',
  /** Change a complaint's status, answer it, delete it. */
  'complaints.write',
  'announcements.write',
  'offers.write',
  /** Save a day's prices: of every group, or of the groups the admin's record lists. */
  'prices.write',
  /** Send a push (now or later) to one user or one group. */
  'push.targeted',
  /** Send a push (now or later) to every user. */
  'push.all',
  /** See every admin and change their roles, sessions and the default roles. */
  'roles.manage',
  /** Approve or reject another admin's change held for a second admin (contracts/changes/changes.ts). */
  'changes.approve',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** `owner` is given by the deployment (OWNER_IDS) alone; owners give the others. */
export const ROLES = [
  'owner',
  'prices',
  'support',
  'communications',
  'broadcast',
  'users',
  'auditor',
  'approver',
] as const;
export type Role = (typeof ROLES)[number];
export const ASSIGNABLE_ROLES = ROLES.filter((role) => role !== 'owner');

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  prices: ['prices.write'],
  support: ['chat.read', 'chat.write', 'complaints.write', 'invoices.write'],
  communications: ['announcements.write', 'offers.write', 'push.targeted'],
  broadcast: ['push.all'],
  users: ['users.delete', 'groups.write'],
  auditor: ['chat.read'],
  approver: ['changes.approve'],
};

/** What `grantsOf` reads of an admin's record (`AdminRoles` in role-records.ts). */
export interface RoleHolding {
  roles?: Partial<Record<Role, true>>;
  priceGroups?: Record<string, true>;
}

/** What an admin may do: `all` while roles are not in use. */
export interface Grants {
  permissions: ReadonlySet<Permission>;
  /** Null: every group's prices (when `prices.write` is held). */
  priceGroups: ReadonlySet<string> | null;
}

export const FULL_GRANTS: Grants = { permissions: new Set(PERMISSIONS), priceGroups: null };

/** The grants of an admin's record; `view` for an admin with no role (or no record). */
export function grantsOf(record: RoleHolding | null): Grants {
  const roles = ROLES.filter((role) => record?.roles?.[role] === true);
  if (roles.includes('owner')) return FULL_GRANTS;
  const permissions = new Set<Permission>(['view', ...roles.flatMap((r) => ROLE_PERMISSIONS[r])]);
  const groups = record?.priceGroups ? Object.keys(record.priceGroups) : [];
  return { permissions, priceGroups: groups.length === 0 ? null : new Set(groups) };
}

/** The roles that grant a permission, for "needs the … role" (owner last: it grants all). */
export const rolesGranting = (permission: Permission): Role[] =>
  permission === 'view'
    ? []
    : [...ROLES.filter((role) => role !== 'owner'), 'owner' as const].filter((role) =>
        ROLE_PERMISSIONS[role].includes(permission),
      );

/**
 * Whether the grants allow a permission, and for prices a group (`undefined`: any group the
 * admin may save, as for showing the desk's Save at all).
 */
export function allows(grants: Grants, permission: Permission, groupId?: string): boolean {
  if (!grants.permissions.has(permission)) return false;
  if (permission !== 'prices.write' || groupId === undefined || grants.priceGroups === null) {
    return true;
  }
  return grants.priceGroups.has(groupId);
}
