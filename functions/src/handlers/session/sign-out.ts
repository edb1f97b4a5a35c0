import { z } from 'zod';
import {
  adminSessionSchema,
  paths,
  refusedTokenSchema,
  signOutRequestSchema,
} from '../../contracts/index.js';
import { childrenOf } from '../ports.js';
import { failureReply, jsonReply, MESSAGES, type ProxyReply } from '../upstream/index.js';
import { clearPushTokenOfSignedOut, recordedEmailOf, type SessionEnding } from './admin-session.js';
import { bearerToken, tokenHash } from './upstream-token.js';

/**
 * Sign-outs a browser asks for: the Firebase ID token in the body names the admin session
 * (`sessionNamedIn`, which renewal reads too) whose record admin-session.ts keeps, and it ends
 * there or on every browser.
 */

/** What the Admin SDK says about a Firebase ID token it verified. */
export interface VerifiedIdToken {
  uid: string;
  claims: Record<string, unknown>;
}

export interface SignOutDeps extends SessionEnding {
  /** Rejects an ID token that is malformed, expired or not from this project. */
  verifyIdToken: (idToken: string) => Promise<VerifiedIdToken>;
  /**
   * Runs once the session has ended, before the reply (the audit trail), with the e-mail
   * recorded when the session opened.
   */
  onSignedOut?: (admin: { uid: string; email: string }) => Promise<void>;
}

const adminClaimsSchema = z.object({
  role: z.literal('admin'),
  session: z.string().min(1).optional(),
});

/**
 * The admin session a request body's Firebase ID token names (`{"idToken": ...}`), with the
 * browser's push token the body may carry, or the reply refusing it: 400 without one, `unverified` for a token that does not verify (expired,
 * forged, another project), 403 for a token that is no admin's. A token minted before sessions
 * were recorded names none.
 */
export async function sessionNamedIn(
  body: unknown,
  deps: Pick<SignOutDeps, 'verifyIdToken' | 'logger'>,
  unverified: ProxyReply,
): Promise<NamedSession | { reply: ProxyReply }> {
  const request = signOutRequestSchema.safeParse(body);
  if (!request.success) return { reply: failureReply(400, MESSAGES.badSessionRequest) };
  let verified: VerifiedIdToken;
  try {
    verified = await deps.verifyIdToken(request.data.idToken);
  } catch (error) {
    deps.logger.warn('An ID token that does not verify', { error: String(error) });
    return { reply: unverified };
  }
  const claims = adminClaimsSchema.safeParse(verified.claims);
  if (!claims.success) return { reply: failureReply(403, MESSAGES.notAnAdminSession) };
  return {
    uid: verified.uid,
    session: claims.data.session,
    deviceToken: request.data.deviceToken,
  };
}

interface NamedSession {
  uid: string;
  session: string | undefined;
  /** The push token of the browser signing out, when it sent one. */
  deviceToken: string | undefined;
}

/** Bodies past this are no sign-out request; read no further. */
export const SIGN_OUT_MAX_BODY_BYTES = 16 * 1024;

/**
 * `POST /api/session/sign-out`: ends the admin session the ID token belongs to. Its record is
 * removed first (that alone closes the database to the token), the admin's push token is
 * cleared when no other session of theirs is open, then the uid's refresh tokens are revoked,
 * so no browser of that admin can renew its ID token either. A token without a
 * `session` claim has no record to remove; its refresh tokens are revoked all the same.
 */
export async function signOutAdmin(body: unknown, deps: SignOutDeps): Promise<ProxyReply> {
  return endNamedSessions(
    body,
    deps,
    'Admin session ended',
    async ({ uid, session, deviceToken }) => {
      if (session !== undefined) {
        await deps.sessions.db.update({ [paths.adminSession(uid, session)]: null });
      }
      await clearPushTokenOfSignedOut(deps.sessions.db, uid, deps.sessions.now(), deviceToken);
    },
  );
}

/**
 * `POST /api/session/sign-out-everywhere`: ends every session of the admin the ID token belongs
 * to, on every browser, and refuses from then on the upstream tokens they were opened with (the
 * caller's too): a browser that kept one cannot open a new session with it, nor make a change
 * through the product. The upstream token itself lives on, as the original API has no sign-out.
 * Push tokens are cleared and refresh tokens revoked as at a sign-out.
 */
export async function signOutEverywhere(
  authorization: string | undefined,
  body: unknown,
  deps: SignOutDeps,
): Promise<ProxyReply> {
  const { db, now } = deps.sessions;
  const token = bearerToken(authorization);
  return endNamedSessions(body, deps, 'Every session of an admin ended', async ({ uid }) => {
    const hashes = new Set(token === null ? [] : [tokenHash(token)]);
    for (const value of Object.values(childrenOf(await db.get(paths.adminSessions(uid))))) {
      const session = adminSessionSchema.safeParse(value);
      if (session.success) hashes.add(session.data.tokenHash);
    }
    const at = now();
    const refusal = refusedTokenSchema.parse({ uid, at });
    await db.update({
      ...Object.fromEntries([...hashes].map((hash) => [paths.refusedToken(hash), refusal])),
      [paths.adminSessions(uid)]: null,
    });
    await clearPushTokenOfSignedOut(db, uid, at);
  });
}

/**
 * What both sign-outs share: the session the body's ID token names, `end` run on it, then the
 * uid's refresh tokens revoked and the sign-out recorded under the e-mail its session recorded
 * (read before `end` removes it). 503 when any of that fails: the admin may try again.
 */
async function endNamedSessions(
  body: unknown,
  deps: SignOutDeps,
  ended: string,
  end: (named: NamedSession) => Promise<void>,
): Promise<ProxyReply> {
  const named = await sessionNamedIn(body, deps, failureReply(401, MESSAGES.signInFirst));
  if ('reply' in named) return named.reply;
  const { uid } = named;
  let email: string;
  try {
    email = await recordedEmailOf(deps.sessions.db, uid, named.session);
    await end(named);
    await deps.revokeRefreshTokens(uid);
  } catch (error) {
    deps.logger.error('Could not end an admin session', { uid, error: String(error) });
    return failureReply(503, MESSAGES.signOutUnavailable);
  }
  deps.logger.info(ended, { uid });
  await deps.onSignedOut?.({ uid, email });
  return jsonReply(200, { metadata: { success: 1, message: '' }, payload: null });
}
