import {
  allows,
  rolesGranting,
  upstreamCallFor,
  type Grants,
  type Permission,
} from '../../contracts/index.js';
import { jsonReply, type ProxyReply } from '../upstream/index.js';

/**
 * What a call through the `api` function needs: nothing more than being an admin (`open`: the
 * upstream's reads check that themselves, every admin holds `view`), a permission (for prices,
 * of one group), or `owner` for an upstream call the product does not make.
 */
export type Needed =
  | { kind: 'open' }
  | { kind: 'permission'; permission: Permission; groupId?: string }
  | { kind: 'owner' };

const OPEN: Needed = { kind: 'open' };

/** An upstream call, by the method the upstream acts on and its path's segments. */
export function neededForCall(method: string, segments: readonly string[]): Needed {
  const matched = upstreamCallFor(method, segments);
  if (matched === null) return { kind: 'owner' };
  const { permission } = matched.call;
  if (permission === 'public' || permission === 'view') return OPEN;
  const groupId = permission === 'prices.write' ? matched.ids.group : undefined;
  return { kind: 'permission', permission, ...(groupId === undefined ? {} : { groupId }) };
}

/** Whether the grants allow what is needed. */
export function permits(grants: Grants, needed: Needed): boolean {
  switch (needed.kind) {
    case 'open':
      return true;
    case 'owner':
      return grants.permissions.has('roles.manage');
    case 'permission':
      return allows(grants, needed.permission, needed.groupId);
  }
}

/**
 * 403 naming what is missing, in words and in the payload (`{permission, roles, groupId?}`) so
 * the web can say it in the admin's language.
 */
export function refusal(needed: Exclude<Needed, { kind: 'open' }>): ProxyReply {
  const permission = needed.kind === 'owner' ? 'roles.manage' : needed.permission;
  const groupId = needed.kind === 'permission' ? needed.groupId : undefined;
  const roles = needed.kind === 'owner' ? ['owner'] : rolesGranting(permission);
  const what =
    needed.kind === 'owner'
      ? 'This call is not one the back-office makes; only an owner may send it'
      : `Your roles do not allow this: it needs the ${permission} permission${groupId === undefined ? '' : ` for group ${groupId}`}`;
  return jsonReply(403, {
    metadata: { success: 0, message: `${what} (roles that have it: ${roles.join(', ')}).` },
    payload: { permission, roles, ...(groupId === undefined ? {} : { groupId }) },
  });
}
