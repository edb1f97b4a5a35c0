import { adminSessionSchema, paths } from '../../contracts/index.js';
import { failureReply, jsonReply, MESSAGES, type ProxyReply } from '../upstream/index.js';
import { sessionNamedIn, type VerifiedIdToken } from './sign-out.js';
import { adminOf, endRefusedSessions, type GetMe, type SessionDeps } from './login-exchange.js';
import { bearerToken, tokenHash } from './upstream-token.js';

export interface RenewDeps extends SessionDeps {
  /** Rejects an ID token that is malformed, expired or not from this project. */
  verifyIdToken: (idToken: string) => Promise<VerifiedIdToken>;
  getMe: GetMe;
}

/**
 * `POST /api/session/renew`: extends the admin session the ID token names by one lifetime, once
 * the upstream has said again that the bearer of the upstream token it was opened with is an
 * admin. A session that has lapsed, ended, or was opened with another upstream token is not
 * renewed (410, not 401: the admin is still signed in upstream, and a new session is had through
 * the session exchange, which checks the role too); an upstream refusal ends the sessions it
 * concerns (`endRefusedSessions`); no answer from the upstream leaves the session as it was, to
 * lapse unless a later renewal gets one.
 */
export async function renewAdminSession(
  authorization: string | undefined,
  body: unknown,
  deps: RenewDeps,
): Promise<ProxyReply> {
  const token = bearerToken(authorization);
  if (token === null) return failureReply(401, MESSAGES.signInFirst);
  const named = await sessionNamedIn(body, deps, failureReply(410, MESSAGES.sessionEnded));
  if ('reply' in named) return named.reply;
  const { uid, session: sessionId } = named;
  if (sessionId === undefined) return failureReply(410, MESSAGES.sessionEnded);
  const { db, now } = deps.sessions;
  const path = paths.adminSession(uid, sessionId);
  const session = adminSessionSchema.safeParse(await db.get(path));
  if (
    !session.success ||
    session.data.expiresAt <= now() ||
    session.data.tokenHash !== tokenHash(token)
  ) {
    return failureReply(410, MESSAGES.sessionEnded);
  }
  const admin = await adminOf(authorization, deps.getMe);
  if ('reply' in admin) {
    await endRefusedSessions(admin, authorization, deps);
    return admin.reply;
  }
  // The upstream token and the Firebase session name two different users: renew neither.
  if (admin.uid !== uid) return failureReply(403, MESSAGES.notAnAdminSession);
  // Only the record as it still stands is extended: a sign-out, a refusal or the sweep that
  // removed it meanwhile is not undone.
  const expiresAt = now() + deps.sessions.lifetimeMs;
  const renewed = await db.transaction(path, (current) => {
    const still = adminSessionSchema.safeParse(current);
    return still.success && still.data.tokenHash === session.data.tokenHash
      ? { ...still.data, expiresAt }
      : undefined;
  });
  if (!renewed.committed) return failureReply(410, MESSAGES.sessionEnded);
  return jsonReply(200, { metadata: { success: 1, message: '' }, payload: { expiresAt } });
}
