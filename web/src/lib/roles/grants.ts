import type { ParseKeys, TFunction } from 'i18next';
import type { AlertTarget } from '@contracts/push/alerts';
import type { AdminRoles, RoleSettings } from '@contracts/admins/role-records';
import {
  allows,
  FULL_GRANTS,
  grantsOf,
  rolesGranting,
  type Grants,
  type Permission,
  type Role,
} from '@contracts/admins/roles';

/**
 * What the database has said so far of the signed-in admin's roles, checked by the source
 * (role-source.ts): null when there is none or what is there does not parse; undefined until
 * read, or when it cannot be read.
 */
export interface RoleRecords {
  settings?: RoleSettings | null;
  /** The admin's own `adminRoles/{uid}`. */
  record?: AdminRoles | null;
}

/**
 * The admin's grants. Every permission while roles are not in use or not known yet: the server
 * refuses what the roles do not allow, so offering too much for a moment costs a refusal, and
 * the screens stay as they were before roles. A record that does not parse grants `view` only.
 */
export function grantsFrom(records: RoleRecords): Grants {
  if (!rolesInUseFrom(records)) return FULL_GRANTS;
  return grantsOf(records.record ?? null);
}

/**
 * Whether roles are in use as far as the grants follow them: the settings say so and the
 * admin's own record has been read. Until both are known the screens stay as before roles, so
 * nothing that exists only with roles (the Admins screen's menu entry) shows for a moment.
 */
export function rolesInUseFrom({ settings, record }: RoleRecords): boolean {
  return settings?.inUse === true && record !== undefined;
}

/** Why a control is refused: the roles that would allow it, or a price group not the admin's. */
export type Refusal = { kind: 'roles'; roles: readonly Role[] } | { kind: 'group' };

export function refusalOf(
  grants: Grants,
  permission: Permission,
  groupId?: string,
): Refusal | null {
  if (allows(grants, permission, groupId)) return null;
  return grants.permissions.has(permission)
    ? { kind: 'group' }
    : { kind: 'roles', roles: rolesGranting(permission) };
}

/** The translated name of each role (common strings). */
export const ROLE_NAME_KEYS: Readonly<Record<Role, ParseKeys>> = {
  owner: 'ROLES.NAMES.OWNER',
  prices: 'ROLES.NAMES.PRICES',
  support: 'ROLES.NAMES.SUPPORT',
  communications: 'ROLES.NAMES.COMMUNICATIONS',
  broadcast: 'ROLES.NAMES.BROADCAST',
  users: 'ROLES.NAMES.USERS',
  auditor: 'ROLES.NAMES.AUDITOR',
  approver: 'ROLES.NAMES.APPROVER',
};

/** "Needs the Prices or Owner role", the roles joined as the language joins alternatives. */
export function refusalText(t: TFunction, language: string, refusal: Refusal): string {
  if (refusal.kind === 'group') return t('ROLES.OTHER_GROUP');
  const names = refusal.roles.map((role) => t(ROLE_NAME_KEYS[role]));
  const roles = new Intl.ListFormat(language, { type: 'disjunction' }).format(names);
  return t('ROLES.NEEDS', { roles });
}

/** A push to every user needs `push.all`; to one user or one group, `push.targeted`. */
export const pushPermission = (target: AlertTarget): Permission =>
  target === 'all' ? 'push.all' : 'push.targeted';
