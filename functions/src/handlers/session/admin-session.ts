import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  adminDisplayName,
  adminEntrySchema,
  adminSessionSchema,
  LIMITS,
  paths,
  refusedTokenSchema,
  signOutRequestSchema,
} from '../../contracts/index.js';
import { childrenOf, type Clock, type Db, type Logger } from '../ports.js';
import {
  failureReply,
  jsonReply,
  MESSAGES,
  type ProxyReply,
  type RequestBody,
} from '../upstream/index.js';
import { bearerToken, tokenHash } from './upstream-token.js';

/**
 * Admin sessions that end on the server. Firebase keeps a custom-token session alive for as long
 * as its refresh token lives, and the rules cannot see a sign-out or a demotion; so every admin
 * token names a session (claim `session`) recorded at `adminSessions/{uid}/{session}` with its
 * expiry, and the rules grant admins only while that record is there and unexpired. The browser
 * renews it while the admin works, each time with the admin role re-checked upstream
 * (renew-session.ts); sign-out, a refusal of the role and the sweep remove it. An ID token
 * minted before then is refused by the database although it has not expired.
 */

/** Where sessions are recorded, and how they are named, dated and how long they live. */
export interface AdminSessionStore {
  db: Db;
  now: Clock;
  newId: () => string;
  /** How long a session lives unless renewed, in ms (ADMIN_SESSION_SECONDS). */
  lifetimeMs: number;
}

/** The lifetime of the ADMIN_SESSION_SECONDS parameter's default: four hours. */
export const DEFAULT_SESSION_LIFETIME_MS = 4 * 60 * 60 * 1000;

/** 128 random bits, base64url: a valid database key, never guessed. */
export const randomSessionId = (): string => randomBytes(16).toString('base64url');

/** An admin as the upstream named them when their session opened. */
export interface SessionAdmin {
  uid: string;
  email: string;
  name: string;
}

/**
 * Records a session the rules will honour until it lapses; the caller puts its id in the token's
 * claims. `upstreamToken` is what the admin signed in with: the session ends when it is refused.
 */
export async function recordAdminSession(
  admin: SessionAdmin,
  sessionId: string,
  upstreamToken: string,
  store: AdminSessionStore,
): Promise<void> {
  const at = store.now();
  await store.db.update({
    [paths.adminSession(admin.uid, sessionId)]: adminSessionSchema.parse({
      at,
      expiresAt: at + store.lifetimeMs,
      tokenHash: tokenHash(upstreamToken),
      email: admin.email.slice(0, LIMITS.name),
      name: adminDisplayName(admin),
    }),
  });
}

/**
 * The e-mail the functions recorded for an admin when a session of theirs opened (the one named,
 * else the newest on record), '' when none is: never what the admin may write themselves.
 */
export async function recordedEmailOf(db: Db, uid: string, sessionId?: string): Promise<string> {
  const records = Object.entries(childrenOf(await db.get(paths.adminSessions(uid))))
    .flatMap(([id, value]) => {
      const parsed = adminSessionSchema.safeParse(value);
      return parsed.success && parsed.data.email ? [{ id, ...parsed.data }] : [];
    })
    .sort((a, b) => Number(b.id === sessionId) - Number(a.id === sessionId) || b.at - a.at);
  return records[0]?.email ?? '';
}

/** Whether any browser of the admin is signed in: a session on record has not lapsed. */
export async function hasOpenSession(db: Db, uid: string, now: number): Promise<boolean> {
  return Object.values(childrenOf(await db.get(paths.adminSessions(uid)))).some((value) => {
    const session = adminSessionSchema.safeParse(value);
    return session.success && session.data.expiresAt > now;
  });
}

/**
 * Once no browser of the admin is signed in, their push token is cleared (in `admin` too while
 * it names them): the computer they left is not told what members write. The token of a browser
 * that signs out (`browserToken`) is cleared wherever it still stands, other sessions or not.
 */
export async function clearPushTokenOfSignedOut(
  db: Db,
  uid: string,
  now: number,
  browserToken = '',
): Promise<void> {
  const last = adminEntrySchema.safeParse(await db.get(paths.admin()));
  const own = adminEntrySchema.safeParse(await db.get(paths.adminEntry(uid)));
  const left = (token: string) => browserToken !== '' && token === browserToken;
  const everyBrowserLeft = !(await hasOpenSession(db, uid, now));
  const ownGoes = own.success && (everyBrowserLeft || left(own.data.deviceToken));
  const lastGoes =
    last.success && last.data.id === uid && (everyBrowserLeft || left(last.data.deviceToken));
  const cleared = {
    ...(ownGoes ? { [`${paths.adminEntry(uid)}/deviceToken`]: '' } : {}),
    ...(lastGoes ? { [`${paths.admin()}/deviceToken`]: '' } : {}),
  };
  if (Object.keys(cleared).length > 0) await db.update(cleared);
}

/** What ending sessions without the browser's help takes. */
export interface SessionEnding {
  sessions: AdminSessionStore;
  /** Ends every refresh token of the uid: no new ID token can be had with them. */
  revokeRefreshTokens: (uid: string) => Promise<void>;
  logger: Logger;
}

/**
 * Ends every session of an admin the upstream refused (demoted, or their token no longer
 * valid), without waiting for any browser of theirs: records removed, push tokens cleared,
 * refresh tokens revoked. A failure is logged: the sessions then lapse on their own.
 */
export async function endAdminSessions(uid: string, deps: SessionEnding): Promise<void> {
  const { db, now } = deps.sessions;
  try {
    await db.update({ [paths.adminSessions(uid)]: null });
    await clearPushTokenOfSignedOut(db, uid, now());
    await deps.revokeRefreshTokens(uid);
    deps.logger.warn('Ended every session of an admin the upstream refused', { uid });
  } catch (error) {
    deps.logger.error('Could not end the sessions of a refused admin', {
      uid,
      error: String(error),
    });
  }
}

/**
 * Ends the sessions opened with an upstream token the upstream no longer accepts (a 401): that
 * token's holder may have been any admin, so every admin's records are looked through. Other
 * sessions of the same admins, opened with other tokens, stand.
 */
export async function endSessionsOfToken(token: string, deps: SessionEnding): Promise<void> {
  const { db, now } = deps.sessions;
  const hash = tokenHash(token);
  try {
    const removals: Record<string, null> = {};
    const admins = new Set<string>();
    for (const [uid, sessions] of Object.entries(
      childrenOf(await db.get(paths.allAdminSessions())),
    )) {
      for (const [id, value] of Object.entries(childrenOf(sessions))) {
        const session = adminSessionSchema.safeParse(value);
        if (!session.success || session.data.tokenHash !== hash) continue;
        removals[paths.adminSession(uid, id)] = null;
        admins.add(uid);
      }
    }
    if (admins.size === 0) return;
    await db.update(removals);
    for (const uid of admins) await clearPushTokenOfSignedOut(db, uid, now());
    deps.logger.warn('Ended the sessions of an upstream token that was refused', {
      uids: [...admins],
    });
  } catch (error) {
    deps.logger.error('Could not end the sessions of a refused token', { error: String(error) });
  }
}

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

/** Whether an admin ended the sessions of this upstream token on every browser. */
export async function isRefusedToken(db: Db, token: string): Promise<boolean> {
  return refusedTokenSchema.safeParse(await db.get(paths.refusedToken(tokenHash(token)))).success;
}

/**
 * The request body as JSON, or undefined when there is none, it is too large or not JSON (the
 * handler's schema then refuses it).
 */
export async function readJsonBody(body: RequestBody, maxBytes: number): Promise<unknown> {
  let bytes: Buffer;
  if (body.kind === 'none') return undefined;
  if (body.kind === 'bytes') {
    bytes = Buffer.from(body.bytes);
  } else {
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of body.stream) {
      length += chunk.length;
      if (length > maxBytes) return undefined;
      chunks.push(Buffer.from(chunk));
    }
    bytes = Buffer.concat(chunks);
  }
  if (bytes.length > maxBytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
