import { jsonReply, failureReply, MESSAGES, type ProxyReply } from '../../upstream/index.js';
import {
  changeAdminRoles,
  changeDefaultRoles,
  endSessionsOf,
  listAdmins,
  refusal,
  type Actor,
  type Outcome,
  type RolesDeps,
} from '../../roles/index.js';
import { clearPushTokenOfSignedOut, readJsonBody } from '../../session/index.js';
import type { Grants } from '../../../contracts/index.js';
import { changingAdminOf } from '../callers.js';
import type { Call, TargetOf } from '../types.js';

/** A change of roles lists at most a few hundred groups. */
const ADMINS_MAX_BODY_BYTES = 64 * 1024;

type AdminsTarget = TargetOf<'admins' | 'admin-roles' | 'admin-sessions' | 'default-roles'>;

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

/**
 * A deployment wired without roles has no Admins screen: its routes answer 404, as for any path
 * the function does not serve.
 */
export async function answerAdmins(
  target: AdminsTarget,
  { request, deps }: Call,
): Promise<ProxyReply> {
  const { roles } = deps;
  if (roles === undefined) return failureReply(404, MESSAGES.rolesNotInUse);
  return serveAdmins(target, {
    roles,
    identify: () => changingAdminOf(request, deps),
    body: () => readJsonBody(request.body, ADMINS_MAX_BODY_BYTES),
    afterSessionsEnded: async (uid) => {
      await clearPushTokenOfSignedOut(deps.sessions.db, uid, deps.sessions.now());
      await deps.revokeRefreshTokens(uid);
    },
  });
}
