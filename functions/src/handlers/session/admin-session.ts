import { randomBytes } from 'node:crypto';
import {
  adminDisplayName,
  adminEntrySchema,
  adminSessionSchema,
  LIMITS,
  paths,
  refusedTokenSchema,
} from '../../contracts/index.js';
import { childrenOf, type Clock, type Db, type Logger } from '../ports.js';
import { tokenHash } from './upstream-token.js';

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

/** Whether an admin ended the sessions of this upstream token on every browser. */
export async function isRefusedToken(db: Db, token: string): Promise<boolean> {
  return refusedTokenSchema.safeParse(await db.get(paths.refusedToken(tokenHash(token)))).success;
}
