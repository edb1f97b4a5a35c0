import * as z from 'zod/mini';
import { LIMITS } from '../realtime.js';
import { PERMISSIONS, ROLES } from './roles.js';

/** The roles' database records (the roles themselves: roles.ts); the rules read the same shapes. */

export const permissionSchema = z.enum(PERMISSIONS);
export const roleSchema = z.enum(ROLES);

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
