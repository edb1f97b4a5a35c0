import { ADMIN_SESSION_HEADER } from '../../contracts/index.js';
import { bearerToken, changingAdmin } from '../session/index.js';
import type { ProxyReply } from '../upstream/index.js';
import { permits, refusal, type Needed } from '../roles/index.js';
import { currentUserOf } from './own-calls.js';
import { single } from './failures.js';
import type { ProxyDeps, ProxyRequest } from './types.js';

/** The admin who makes a change, or the reply refusing it (`changingAdmin`). */
export const changingAdminOf = (request: ProxyRequest, deps: ProxyDeps) =>
  changingAdmin(
    {
      authorization: single(request.headers.authorization),
      proof: single(request.headers[ADMIN_SESSION_HEADER]),
    },
    {
      ...deps,
      getMe: currentUserOf(deps, request.signal),
      ...(deps.audit ? { identities: deps.audit.identities } : {}),
    },
  );

/**
 * While roles are in use, the admin making a call that needs more than being an admin, once
 * their roles allow it, or the reply refusing it; undefined when no check applies. A call with
 * no bearer token carries no admin's rights: the upstream answers it as anyone's (a health
 * check), and the audit refuses it as a change.
 */
export async function permittedCaller(
  needed: Needed,
  request: ProxyRequest,
  deps: ProxyDeps,
): Promise<{ uid: string; email: string } | { reply: ProxyReply } | undefined> {
  const { roles } = deps;
  if (roles === undefined || roles.owners.size === 0 || needed.kind === 'open') return undefined;
  if (bearerToken(single(request.headers.authorization)) === null) return undefined;
  const admin = await changingAdminOf(request, deps);
  if ('reply' in admin) return admin;
  return permits(await roles.grants(admin.uid), needed) ? admin : { reply: refusal(needed) };
}
