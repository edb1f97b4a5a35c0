import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  adminEntrySchema,
  adminSessionSchema,
  paths,
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

/**
 * Admin sessions that end on the server. Firebase keeps a custom-token session alive for as long
 * as its refresh token lives, and the rules cannot see a sign-out; so every admin token names a
 * session (claim `session`) recorded at `adminSessions/{uid}/{session}`, the rules grant admins
 * only while that record is there, and sign-out removes it. An ID token minted before the
 * sign-out is then refused by the database although it has not expired.
 */

/** Where sessions are recorded, and how they are named and dated. */
export interface AdminSessionStore {
  db: Db;
  now: Clock;
  newId: () => string;
}

/** 128 random bits, base64url: a valid database key, never guessed. */
export const randomSessionId = (): string => randomBytes(16).toString('base64url');

/** Records a session the rules will honour; the caller puts its id in the token's claims. */
export async function recordAdminSession(
  uid: string,
  sessionId: string,
  store: AdminSessionStore,
): Promise<void> {
  await store.db.update({
    [paths.adminSession(uid, sessionId)]: adminSessionSchema.parse({ at: store.now() }),
  });
}

/** Whether any browser of the admin is signed in: an open session is on record. */
export async function hasOpenSession(db: Db, uid: string): Promise<boolean> {
  return Object.keys(childrenOf(await db.get(paths.adminSessions(uid)))).length > 0;
}

/**
 * Once no browser of the admin is signed in, their push token is cleared (in `admin` too while
 * it names them): the computer they left is not told what members write.
 */
async function clearPushTokenOfSignedOut(db: Db, uid: string): Promise<void> {
  if (await hasOpenSession(db, uid)) return;
  const last = adminEntrySchema.safeParse(await db.get(paths.admin()));
  const own = adminEntrySchema.safeParse(await db.get(paths.adminEntry(uid)));
  await db.update({
    ...(own.success ? { [`${paths.adminEntry(uid)}/deviceToken`]: '' } : {}),
    ...(last.success && last.data.id === uid ? { [`${paths.admin()}/deviceToken`]: '' } : {}),
  });
}

/** What the Admin SDK says about a Firebase ID token it verified. */
export interface VerifiedIdToken {
  uid: string;
  claims: Record<string, unknown>;
}

export interface SignOutDeps {
  /** Rejects an ID token that is malformed, expired or not from this project. */
  verifyIdToken: (idToken: string) => Promise<VerifiedIdToken>;
  /** Ends every refresh token of the uid: no new ID token can be had with them. */
  revokeRefreshTokens: (uid: string) => Promise<void>;
  sessions: AdminSessionStore;
  logger: Logger;
  /** Runs once the session has ended, before the reply (the audit trail). */
  onSignedOut?: (uid: string) => Promise<void>;
}

const adminClaimsSchema = z.object({
  role: z.literal('admin'),
  session: z.string().min(1).optional(),
});

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
  const request = signOutRequestSchema.safeParse(body);
  if (!request.success) return failureReply(400, MESSAGES.badSignOut);
  let verified: VerifiedIdToken;
  try {
    verified = await deps.verifyIdToken(request.data.idToken);
  } catch (error) {
    deps.logger.warn('Sign-out with an ID token that does not verify', { error: String(error) });
    return failureReply(401, MESSAGES.signInFirst);
  }
  const claims = adminClaimsSchema.safeParse(verified.claims);
  if (!claims.success) return failureReply(403, MESSAGES.notAnAdminSession);
  const { uid } = verified;
  const { session } = claims.data;
  try {
    if (session !== undefined) {
      await deps.sessions.db.update({ [paths.adminSession(uid, session)]: null });
    }
    await clearPushTokenOfSignedOut(deps.sessions.db, uid);
    await deps.revokeRefreshTokens(uid);
  } catch (error) {
    deps.logger.error('Could not end an admin session', { uid, error: String(error) });
    return failureReply(503, MESSAGES.signOutUnavailable);
  }
  deps.logger.info('Admin session ended', { uid });
  await deps.onSignedOut?.(uid);
  return jsonReply(200, { metadata: { success: 1, message: '' }, payload: null });
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
