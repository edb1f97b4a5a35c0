import { failureReply, MESSAGES, type ProxyReply } from '../upstream/index.js';
import type { SessionEnding } from './admin-session.js';
import { adminOf, endRefusedSessions, type GetMe } from './login-exchange.js';
import { adminOfSessionProof, type SessionProofDeps } from './session-proof.js';
import { bearerToken } from './upstream-token.js';

type ChangingAdmin = { uid: string; email: string };

export interface ChangingAdminDeps extends SessionEnding {
  verifyIdToken: SessionProofDeps['verifyIdToken'];
  /** The upstream's current-user call for a bearer. */
  getMe: GetMe;
  /**
   * Who a bearer's admin is, remembered per token (the audit's cache); `lookUp` asks when it
   * does not know. Without it every change asks.
   */
  identities?: (
    authorization: string,
    lookUp: (bearer: string) => Promise<ChangingAdmin | null>,
  ) => Promise<ChangingAdmin | null>;
}

/**
 * The admin who makes a change, or the reply refusing it: named by the session the web's ID
 * token names (ADMIN_SESSION_HEADER) when that session is live and was opened with this bearer,
 * else by the upstream's current-user call. The upstream's refusal ends the sessions it
 * concerns.
 */
export async function changingAdmin(
  headers: { authorization: string | undefined; proof: string | undefined },
  deps: ChangingAdminDeps,
): Promise<ChangingAdmin | { reply: ProxyReply }> {
  const { authorization, proof } = headers;
  const token = bearerToken(authorization);
  if (authorization === undefined || token === null) {
    return { reply: failureReply(401, MESSAGES.signInFirst) };
  }
  const proven =
    proof === undefined
      ? null
      : await adminOfSessionProof(proof, token, {
          db: deps.sessions.db,
          now: deps.sessions.now,
          verifyIdToken: deps.verifyIdToken,
          logger: deps.logger,
        });
  if (proven !== null) return proven;
  let refusal: ProxyReply = failureReply(401, MESSAGES.signInFirst);
  const lookUp = async (bearer: string) => {
    const found = await adminOf(bearer, deps.getMe);
    if ('uid' in found) return found;
    refusal = found.reply;
    await endRefusedSessions(found, bearer, deps);
    return null;
  };
  const admin = deps.identities
    ? await deps.identities(authorization, lookUp)
    : await lookUp(authorization);
  return admin ?? { reply: refusal };
}
