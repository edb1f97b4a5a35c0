import {
  adminEntrySchema,
  adminRolesSchema,
  adminSessionSchema,
  ASSIGNABLE_ROLES,
  auditEntrySchema,
  defaultRolesSchema,
  LIMITS,
  paths,
  rolesChangeSchema,
  roleSettingsSchema,
  type AdminRoles,
  type AdminSummary,
  type AdminsPayload,
  type AuditEntry,
  type Role,
} from '../../contracts/index.js';
import { childrenOf } from '../ports.js';
import type { RolesDeps } from './admin-roles.js';

/**
 * The Admins screen's reads and changes, for an owner the caller has identified. Each change is
 * written in one update with its audit entry: both land, or neither.
 */

/** The owner making a change. */
export interface Actor {
  uid: string;
  email: string;
}

const roleList = (roles: AdminRoles['roles']): Role[] =>
  Object.keys(roles ?? {}).filter((role): role is Role => roles?.[role as Role] === true);
/** The roles an owner gives (not `owner`, which OWNER_IDS gives), sorted. */
const assigned = (record: AdminRoles) =>
  roleList(record.roles)
    .filter((role) => role !== 'owner')
    .sort();

/** Every admin seen: with a session on record, an entry of their own, or roles. */
export async function listAdmins(deps: RolesDeps): Promise<AdminsPayload> {
  const [sessions, entries, records, settings] = await Promise.all([
    deps.db.get(paths.allAdminSessions()),
    deps.db.get(paths.admins()),
    deps.db.get(paths.allAdminRoles()),
    deps.db.get(paths.roleSettings()),
  ]);
  const sessionsOf = childrenOf(sessions);
  const entryOf = childrenOf(entries);
  const recordOf = childrenOf(records);
  const uids = new Set([
    ...Object.keys(sessionsOf),
    ...Object.keys(entryOf),
    ...Object.keys(recordOf),
    ...deps.owners,
  ]);
  const now = deps.now();
  const admins = [...uids].map((uid): AdminSummary => {
    const opened = Object.values(childrenOf(sessionsOf[uid]))
      .map((value) => adminSessionSchema.safeParse(value))
      .flatMap((parsed) => (parsed.success ? [parsed.data] : []))
      .sort((a, b) => b.at - a.at);
    const entry = adminEntrySchema.safeParse(entryOf[uid]);
    const record = adminRolesSchema.safeParse(recordOf[uid]);
    const newest = opened[0];
    const lastLogin = entry.success ? entry.data.lastLogin : null;
    return {
      uid,
      email: newest?.email ?? (entry.success ? entry.data.email : ''),
      name: newest?.name ?? (entry.success ? entry.data.name : ''),
      owner: deps.owners.has(uid),
      roles: record.success ? assigned(record.data) : [],
      priceGroups: record.success ? Object.keys(record.data.priceGroups ?? {}) : [],
      lastSignIn: newest?.at ?? lastLogin,
      liveSessions: opened.filter((session) => session.expiresAt > now).length,
    };
  });
  const stored = roleSettingsSchema.safeParse(settings);
  const defaults = stored.success ? roleList(stored.data.defaultRoles) : [];
  return {
    admins: admins.sort((a, b) => (b.lastSignIn ?? 0) - (a.lastSignIn ?? 0)),
    defaultRoles: defaults.filter((role) => role !== 'owner'),
  };
}

export type Outcome = { ok: true } | { ok: false; status: 400 | 404; message: string };

const asSet = (items: readonly string[]) =>
  items.length === 0 ? undefined : Object.fromEntries(items.map((item) => [item, true]));

/** Sets an admin's roles and price groups; an owner keeps the owner role OWNER_IDS gives. */
export async function changeAdminRoles(
  uid: string,
  body: unknown,
  actor: Actor,
  deps: RolesDeps,
): Promise<Outcome> {
  const change = rolesChangeSchema.safeParse(body);
  if (!change.success)
    return invalid(`A change of roles is {"roles": [${quoted()}], "priceGroups": ["5", …]}.`);
  const before = adminRolesSchema.safeParse(await deps.db.get(paths.adminRoles(uid)));
  if (!before.success && !(await isSeen(uid, deps))) return notAnAdmin(uid);
  const roles = [...new Set(change.data.roles)].sort();
  const groups = roles.includes('prices') ? [...new Set(change.data.priceGroups)].sort() : [];
  const owner = deps.owners.has(uid) ? { owner: true } : {};
  const held = asSet(roles);
  const record = adminRolesSchema.parse({
    ...(held || deps.owners.has(uid) ? { roles: { ...held, ...owner } } : {}),
    ...(groups.length > 0 ? { priceGroups: asSet(groups) } : {}),
    updatedAt: deps.now(),
    updatedBy: actor.uid,
  });
  // Audit values are short texts: a long list of groups is cut.
  const described = (value: AdminRoles | null) => ({
    roles: value ? assigned(value).join(', ') : '',
    priceGroups: value
      ? Object.keys(value.priceGroups ?? {})
          .sort()
          .join(', ')
          .slice(0, LIMITS.name)
      : '',
  });
  await deps.db.update({
    [paths.adminRoles(uid)]: record,
    ...auditWrite(deps, {
      ...actor,
      action: 'admin.roles',
      targets: { admin: uid },
      summary: `Set the roles of admin ${uid} to ${described(record).roles || 'none (read-only)'}`,
      before: described(before.success ? before.data : null),
      after: described(record),
      status: 200,
    }),
  });
  return { ok: true };
}

/** Sets the roles an admin seen for the first time gets. */
export async function changeDefaultRoles(
  body: unknown,
  actor: Actor,
  deps: RolesDeps,
): Promise<Outcome> {
  const change = defaultRolesSchema.safeParse(body);
  if (!change.success) return invalid(`Default roles are {"roles": [${quoted()}]}.`);
  const roles = [...new Set(change.data.roles)].sort();
  await deps.db.update({
    [`${paths.roleSettings()}/defaultRoles`]: asSet(roles) ?? null,
    ...auditWrite(deps, {
      ...actor,
      action: 'roles.default',
      summary: `Set the default roles to ${roles.join(', ') || 'none (read-only)'}`,
      after: { roles: roles.join(', ') },
      status: 200,
    }),
  });
  return { ok: true };
}

/**
 * Removes every session record of an admin with its audit entry; the caller then clears their
 * push tokens and revokes their refresh tokens, as any ending of sessions does.
 */
export async function endSessionsOf(uid: string, actor: Actor, deps: RolesDeps): Promise<Outcome> {
  if (!(await isSeen(uid, deps))) return notAnAdmin(uid);
  await deps.db.update({
    [paths.adminSessions(uid)]: null,
    ...auditWrite(deps, {
      ...actor,
      action: 'admin.sign-out',
      targets: { admin: uid },
      summary: `Ended every session of admin ${uid}`,
      status: 200,
    }),
  });
  return { ok: true };
}

async function isSeen(uid: string, deps: RolesDeps): Promise<boolean> {
  if (deps.owners.has(uid)) return true;
  const [sessions, entry] = await Promise.all([
    deps.db.get(paths.adminSessions(uid)),
    deps.db.get(paths.adminEntry(uid)),
  ]);
  return sessions !== null || entry !== null;
}

function auditWrite(deps: RolesDeps, entry: Omit<AuditEntry, 'at'>): Record<string, unknown> {
  const key = deps.db.pushKey(paths.auditLog());
  return { [`${paths.auditLog()}/${key}`]: auditEntrySchema.parse({ ...entry, at: deps.now() }) };
}

const quoted = () => ASSIGNABLE_ROLES.map((role) => `"${role}"`).join(', ');
const invalid = (message: string): Outcome => ({ ok: false, status: 400, message });
const notAnAdmin = (uid: string): Outcome => ({
  ok: false,
  status: 404,
  message: `No admin ${uid} has been seen here.`,
});
