import * as z from 'zod/mini';
import { LIMITS } from '../realtime.js';
import { roleSchema } from './role-records.js';
import { ASSIGNABLE_ROLES } from './roles.js';

/**
 * The `api` function's routes of the Admins screen, owners only and only while roles are in use
 * (404 otherwise; 403 for an admin who is no owner). Every change they make is audited.
 */

/** GET: every admin seen, and the default roles (`adminsPayloadSchema`). */
export const ADMINS_PATH = '/admins';
/** PUT `rolesChangeSchema`: an admin's roles and price groups; the owner role is not given here. */
export const adminRolesPath = (uid: string) => `/admins/${encodeURIComponent(uid)}/roles`;
/** DELETE: ends every session of an admin, on every browser. */
export const adminSessionsPath = (uid: string) => `/admins/${encodeURIComponent(uid)}/sessions`;
/** PUT `defaultRolesSchema`: the roles an admin seen for the first time gets. */
export const DEFAULT_ROLES_PATH = '/roles/default';

const assignable = z.enum(ASSIGNABLE_ROLES);
const groupId = z.string().check(z.minLength(1), z.maxLength(LIMITS.id), z.regex(/^\d+$/));

export const adminSummarySchema = z.object({
  uid: z.string(),
  email: z.string(),
  name: z.string(),
  /** Named by OWNER_IDS: their roles are not changed here. */
  owner: z.boolean(),
  roles: z.array(roleSchema),
  /** With `prices`: the only groups they save; empty: every group. */
  priceGroups: z.array(z.string()),
  /** When their newest session opened (ms), null when none is on record. */
  lastSignIn: z.nullable(z.int()),
  liveSessions: z.int().check(z.nonnegative()),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

export const adminsPayloadSchema = z.object({
  admins: z.array(adminSummarySchema),
  defaultRoles: z.array(assignable),
});
export type AdminsPayload = z.infer<typeof adminsPayloadSchema>;

export const rolesChangeSchema = z.object({
  roles: z.array(assignable).check(z.maxLength(ASSIGNABLE_ROLES.length)),
  priceGroups: z.array(groupId).check(z.maxLength(500)),
});
export type RolesChange = z.infer<typeof rolesChangeSchema>;

export const defaultRolesSchema = z.object({
  roles: z.array(assignable).check(z.maxLength(ASSIGNABLE_ROLES.length)),
});
export type DefaultRoles = z.infer<typeof defaultRolesSchema>;
