import {
  adminRolesSchema,
  FULL_GRANTS,
  grantsOf,
  paths,
  roleSettingsSchema,
  type AdminRoles,
  type Grants,
  type Permission,
} from '../../contracts/index.js';
import type { Clock, Db } from '../ports.js';

/** Who set a record the deployment decided (an owner named by OWNER_IDS), not an owner's uid. */
export const DEPLOYMENT = 'deployment';

export interface RolesDeps {
  db: Db;
  now: Clock;
  /** The upstream user ids OWNER_IDS names; none: roles are not in use. */
  owners: ReadonlySet<string>;
}

/** OWNER_IDS: upstream user ids separated by commas; an invalid one is an Error naming it. */
export function parseOwnerIds(value: string): ReadonlySet<string> {
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  const invalid = ids.find((id) => !/^[\w-]{1,128}$/.test(id));
  if (invalid !== undefined) {
    throw new Error(
      `OWNER_IDS must be upstream user ids separated by commas, such as 1,42: got ${JSON.stringify(invalid)}`,
    );
  }
  return new Set(ids);
}

/**
 * Brings the records the rules read in line with the deployment when an admin's session opens:
 * roles are in use while OWNER_IDS names anyone, an admin seen for the first time gets the
 * default roles, and the owner role follows OWNER_IDS (added, or taken away).
 */
export async function settleAdminRoles(uid: string, deps: RolesDeps): Promise<void> {
  const inUse = deps.owners.size > 0;
  const settings = roleSettingsSchema.safeParse(await deps.db.get(paths.roleSettings()));
  const updates: Record<string, unknown> = {};
  if (!settings.success || settings.data.inUse !== inUse) {
    updates[`${paths.roleSettings()}/inUse`] = inUse;
  }
  if (inUse) {
    const owner = deps.owners.has(uid);
    const stored = adminRolesSchema.safeParse(await deps.db.get(paths.adminRoles(uid)));
    const at = { updatedAt: deps.now(), updatedBy: DEPLOYMENT };
    if (!stored.success) {
      const defaults = settings.success ? (settings.data.defaultRoles ?? {}) : {};
      const roles = { ...defaults, ...(owner ? { owner: true as const } : {}) };
      // The database keeps no empty object: an admin with no role has no `roles`.
      const held = Object.keys(roles).length > 0 ? { roles } : {};
      updates[paths.adminRoles(uid)] = adminRolesSchema.parse({ ...held, ...at });
    } else if ((stored.data.roles?.owner === true) !== owner) {
      const record = paths.adminRoles(uid);
      Object.assign(updates, {
        [`${record}/roles/owner`]: owner ? true : null,
        [`${record}/updatedAt`]: at.updatedAt,
        [`${record}/updatedBy`]: at.updatedBy,
      });
    }
  }
  if (Object.keys(updates).length > 0) await deps.db.update(updates);
}

/** What an admin's record grants; every permission while roles are not in use. */
export async function grantsOfAdmin(uid: string, deps: RolesDeps): Promise<Grants> {
  if (deps.owners.size === 0 || deps.owners.has(uid)) return FULL_GRANTS;
  const stored = adminRolesSchema.safeParse(await deps.db.get(paths.adminRoles(uid)));
  return grantsOf(stored.success ? stored.data : await defaultRecord(deps.db));
}

/** An admin with no record yet holds the default roles (their session opening writes them). */
async function defaultRecord(db: Db): Promise<AdminRoles | null> {
  const settings = roleSettingsSchema.safeParse(await db.get(paths.roleSettings()));
  const roles = settings.success ? settings.data.defaultRoles : undefined;
  return roles ? { roles, updatedAt: 0, updatedBy: DEPLOYMENT } : null;
}

/** How long the `api` function trusts a read of an admin's roles: a change applies within it. */
export const GRANTS_CACHE_MS = 30_000;

/**
 * Grants remembered per admin for `GRANTS_CACHE_MS` (per function instance), so a burst of
 * changes reads the record once; `read` is asked when they are not known or too old.
 */
export function createGrantsCache(
  now: Clock,
): (uid: string, read: () => Promise<Grants>) => Promise<Grants> {
  const known = new Map<string, { grants: Promise<Grants>; at: number }>();
  return (uid, read) => {
    const at = now();
    const cached = known.get(uid);
    if (cached && at - cached.at < GRANTS_CACHE_MS) return cached.grants;
    const grants = read();
    known.set(uid, { grants, at });
    // A failed read is not remembered: the next call reads again.
    grants.catch(() => known.delete(uid));
    return grants;
  };
}

/**
 * Those of `uids` whose records grant `permission`, as the rules see them (functions with no
 * OWNER_IDS at hand, such as the database triggers): all of them while roles are not in use.
 */
export async function holding(
  db: Db,
  uids: readonly string[],
  permission: Permission,
): Promise<string[]> {
  const settings = roleSettingsSchema.safeParse(await db.get(paths.roleSettings()));
  if (!settings.success || !settings.data.inUse) return [...uids];
  const held = await Promise.all(
    uids.map(async (uid) => {
      const stored = adminRolesSchema.safeParse(await db.get(paths.adminRoles(uid)));
      return grantsOf(stored.success ? stored.data : null).permissions.has(permission);
    }),
  );
  return uids.filter((_, at) => held[at]);
}
