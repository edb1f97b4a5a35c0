import * as z from 'zod/mini';
import { LIMITS } from '../realtime.js';

/**
 * Least-privilege roles (docs/product.md, "Roles"). Signing in still takes the upstream's `admin`
 * role; inside the product each admin holds roles, and each role grants permissions. The `api`
 * function checks the permissions of every call it forwards, the database rules check those of
 * the paths a browser writes, and the web only reflects them.
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
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

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
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
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

const roleSet = z.partialRecord(roleSchema, z.literal(true));
const groupKey = z.string().check(z.minLength(1), z.maxLength(LIMITS.id), z.regex(/^[^./#$[\]]+$/));

/**
 * adminRoles/{uid}: one admin's roles, written by the functions alone; the rules read it. The
 * database drops an empty object, so an admin with no role has no `roles`.
 */
export const adminRolesSchema = z.object({
  roles: z.optional(roleSet),
  /** With `prices`: the only groups whose prices the admin saves. None: every group. */
  priceGroups: z.optional(z.record(groupKey, z.literal(true))),
  /** Server time (ms) and the uid of the owner (or `deployment`) who set them. */
  updatedAt: z.int().check(z.nonnegative()),
  updatedBy: z.string().check(z.minLength(1), z.maxLength(LIMITS.id)),
});
export type AdminRoles = z.infer<typeof adminRolesSchema>;

/**
 * roleSettings: written by the functions alone. `inUse` turns the roles on at the rules: it is
 * true while the deployment names owners. Without it (a database from before roles, or a
 * deployment with no owner) every admin holds every permission.
 */
export const roleSettingsSchema = z.object({
  inUse: z.boolean(),
  /** The roles an admin seen for the first time gets. None: read-only. */
  defaultRoles: z.optional(roleSet),
});
export type RoleSettings = z.infer<typeof roleSettingsSchema>;

/** What an admin may do: `all` while roles are not in use. */
export interface Grants {
  permissions: ReadonlySet<Permission>;
  /** Null: every group's prices (when `prices.write` is held). */
  priceGroups: ReadonlySet<string> | null;
}

export const FULL_GRANTS: Grants = { permissions: new Set(PERMISSIONS), priceGroups: null };

/** The grants of an admin's record; `view` for an admin with no role (or no record). */
export function grantsOf(record: AdminRoles | null): Grants {
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
