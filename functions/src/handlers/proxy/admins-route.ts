import { jsonReply, failureReply, MESSAGES, type ProxyReply } from '../upstream/index.js';
import {
  changeAdminRoles,
  changeDefaultRoles,
  endSessionsOf,
  listAdmins,
  refusal,
  type Actor,
  type Outcome,
  type RolesDeps,
} from '../roles/index.js';
import type { Grants } from '../../contracts/index.js';
import type { RequestTarget } from './request-target.js';

/** A change of roles lists at most a few hundred groups. */
export const ADMINS_MAX_BODY_BYTES = 64 * 1024;

type AdminsTarget = Extract<
  RequestTarget,
  { kind: 'admins' | 'admin-roles' | 'admin-sessions' | 'default-roles' }
>;

export interface AdminsRouteDeps {
  roles: RolesDeps & { grants: (uid: string) => Promise<Grants> };
  /** The caller, identified as for a change, or the reply refusing them. */
  identify: () => Promise<Actor | { reply: ProxyReply }>;
  /** The request's JSON body (null when there is none or it is not JSON). */
  body: () => Promise<unknown>;
  /** What follows the removal of an admin's session records: push tokens, refresh tokens. */
  afterSessionsEnded: (uid: string) => Promise<void>;
}

/**
 * The Admins screen's routes: an owner's only, and only while roles are in use (404 otherwise,
 * as for any path the function does not serve).
 */
export async function serveAdmins(
  target: AdminsTarget,
  deps: AdminsRouteDeps,
): Promise<ProxyReply> {
  const { roles } = deps;
  if (roles.owners.size === 0) return failureReply(404, MESSAGES.rolesNotInUse);
  const actor = await deps.identify();
  if ('reply' in actor) return actor.reply;
  if (!(await roles.grants(actor.uid)).permissions.has('roles.manage')) {
    return refusal({ kind: 'permission', permission: 'roles.manage' });
  }
  let outcome: Outcome;
  switch (target.kind) {
    case 'admins':
      return jsonReply(200, {
        metadata: { success: 1, message: '' },
        payload: await listAdmins(roles),
      });
    case 'admin-roles':
      outcome = await changeAdminRoles(target.uid, await deps.body(), actor, roles);
      break;
    case 'default-roles':
      outcome = await changeDefaultRoles(await deps.body(), actor, roles);
      break;
    case 'admin-sessions':
      outcome = await endSessionsOf(target.uid, actor, roles);
      if (outcome.ok) await deps.afterSessionsEnded(target.uid);
      break;
  }
  return outcome.ok
    ? jsonReply(200, { metadata: { success: 1, message: '' }, payload: null })
    : failureReply(outcome.status, outcome.message);
}
