import {
  bareEnvelopeSchema,
  succeededPayload,
  type FirebaseUnavailable,
  INVALID_LOGIN_MESSAGE,
  loginPayloadSchema,
  sessionUserSchema,
  type SessionUser,
} from '../../contracts/index.js';
import {
  endAdminSessions,
  endSessionsOfToken,
  isRefusedToken,
  recordAdminSession,
  type SessionAdmin,
  type SessionEnding,
} from './admin-session.js';
import { recordSignIn } from './current-user.js';
import { bearerToken } from './upstream-token.js';
import { failureReply, jsonReply, MESSAGES, type ProxyReply } from '../upstream/index.js';
import { settleAdminRoles, type RolesDeps } from '../roles/index.js';

/**
 * Only admins are served: an admin's sign-in gets a Firebase custom token
 * (uid = the upstream user id, claims `role: 'admin'` and `session`, the id of the session
 * recorded for it, see admin-session.ts) that the database rules read; anyone
 * else is told the login is incorrect and gets no token of any kind. A token that cannot be
 * minted does not turn the admin away: the REST screens need only the upstream's token, so the
 * sign-in goes through with `firebaseUnavailable` saying why, and the page asks for a custom
 * token again later (`exchangeSession`).
 */

/** `session` and not `sid`: reserved JWT claim names cannot be custom claims. */
export type AdminClaims = { role: 'admin'; session: string };

export interface SessionDeps extends SessionEnding {
  createCustomToken: (uid: string, claims: AdminClaims) => Promise<string>;
  /** The deployment's owners: each session opens with the admin's roles settled. */
  roles?: RolesDeps | undefined;
}

const isAdmin = (user: SessionUser) => user.role[0] === 'admin';

/**
 * The reply to `POST /api/login` given the upstream's (already parsed) reply. The upstream's
 * own refusals (wrong password, validation) pass through unchanged.
 */
export async function exchangeLogin(
  upstream: { status: number; json: unknown },
  deps: SessionDeps,
): Promise<{ status: number; json: unknown }> {
  const envelope = bareEnvelopeSchema.safeParse(upstream.json);
  const isUpstreamRefusal =
    upstream.status < 200 ||
    upstream.status >= 300 ||
    (envelope.success && !envelope.data.metadata.success);
  if (isUpstreamRefusal) return upstream;

  const payload = envelope.success ? loginPayloadSchema.safeParse(envelope.data.payload) : null;
  if (!payload?.success || !isAdmin(payload.data.user)) {
    // Worded and answered like a wrong password, so a reply never tells which accounts exist.
    return { status: upstream.status, json: refusal() };
  }
  await recordSignIn(payload.data.token, payload.data.user, {
    ...deps.sessions,
    logger: deps.logger,
  });
  const json = upstream.json as { payload: Record<string, unknown> };
  const minted = await mint(
    sessionAdminOf(payload.data.user),
    payload.data.token,
    deps,
    'Could not mint a Firebase custom token at sign-in',
  );
  return { status: upstream.status, json: { ...json, payload: { ...json.payload, ...minted } } };
}

/** What the upstream said about the current user, or why it could not say it. */
export type MeOutcome =
  { kind: 'json'; status: number; json: unknown } | { kind: 'failed'; reply: ProxyReply };

export type GetMe = (authorization: string) => Promise<MeOutcome>;

/**
 * The user whose upstream bearer token this is, as the upstream knows them now (see
 * current-user.ts), or the reply for a caller it does not know: 401 without a valid token.
 */
async function userOf(
  authorization: string | undefined,
  getMe: GetMe,
): Promise<{ user: SessionUser } | { reply: ProxyReply }> {
  if (authorization === undefined || bearerToken(authorization) === null) {
    return { reply: failureReply(401, MESSAGES.signInFirst) };
  }
  const me = await getMe(authorization);
  if (me.kind === 'failed') return { reply: me.reply };
  if (me.status === 401 || me.status === 403)
    return { reply: failureReply(401, MESSAGES.signInFirst) };
  if (!succeededPayload(me.status, me.json))
    return { reply: failureReply(502, MESSAGES.badUpstreamReply) };
  const user = sessionUserSchema.safeParse((me.json as { payload?: unknown }).payload);
  if (!user.success) return { reply: failureReply(502, MESSAGES.badUpstreamReply) };
  return { user: user.data };
}

/**
 * The admin whose upstream bearer token this is, or the reply for a caller who is none: 401
 * without a valid token, 403 for anyone but an admin (`refused` names that user).
 */
export async function adminOf(
  authorization: string | undefined,
  getMe: GetMe,
): Promise<SessionAdmin | { reply: ProxyReply; refused?: string }> {
  const found = await userOf(authorization, getMe);
  if ('reply' in found) return found;
  if (!isAdmin(found.user)) {
    return { reply: jsonReply(403, refusal()), refused: String(found.user.id) };
  }
  return sessionAdminOf(found.user);
}

const sessionAdminOf = (user: SessionUser): SessionAdmin => ({
  uid: String(user.id),
  email: user.email,
  name: user.name,
});

/**
 * The upstream's refusal of a token, acted on at once: a user it no longer calls an admin loses
 * every session of theirs, a token it no longer accepts (401) the sessions opened with it. Any
 * other failure (no answer) ends nothing: the sessions then lapse on their own.
 */
export async function endRefusedSessions(
  refusal: { reply: ProxyReply; refused?: string },
  authorization: string | undefined,
  deps: SessionEnding,
): Promise<void> {
  if (refusal.refused !== undefined) {
    await endAdminSessions(refusal.refused, deps);
    return;
  }
  const token = bearerToken(authorization);
  if (refusal.reply.status === 401 && token !== null) await endSessionsOfToken(token, deps);
}

/**
 * `GET /api/session/user`: the signed-in user as the upstream knows them now, in the envelope,
 * wherever this upstream keeps that answer; the page re-checks the role with it.
 */
export async function serveCurrentUser(
  authorization: string | undefined,
  getMe: GetMe,
  /** Rewrites the upstream's file URLs in the user (its picture), as in every reply. */
  rewriteFiles: (user: SessionUser) => void,
): Promise<ProxyReply> {
  const found = await userOf(authorization, getMe);
  if ('reply' in found) return found.reply;
  rewriteFiles(found.user);
  return jsonReply(200, { metadata: { success: 1, message: '' }, payload: found.user });
}

/**
 * `POST /api/session/firebase-token`: a fresh custom token for the admin whose upstream bearer
 * token this is, checked with the upstream (current-user.ts).
 */
export async function exchangeSession(
  authorization: string | undefined,
  deps: SessionDeps & { getMe: GetMe },
): Promise<ProxyReply> {
  const token = bearerToken(authorization);
  if (token === null) return failureReply(401, MESSAGES.signInFirst);
  if (await isRefusedToken(deps.sessions.db, token)) {
    return failureReply(401, MESSAGES.signedOutEverywhere);
  }
  const admin = await adminOf(authorization, deps.getMe);
  if ('reply' in admin) {
    await endRefusedSessions(admin, authorization, deps);
    return admin.reply;
  }
  const minted = await mint(
    admin,
    token,
    deps,
    'Could not mint a Firebase custom token for a session',
  );
  if ('firebaseToken' in minted) {
    return jsonReply(200, { metadata: { success: 1, message: '' }, payload: minted });
  }
  // 503, not a refusal: the upstream session stands and the same request may succeed later.
  return jsonReply(503, {
    metadata: { success: 0, message: MESSAGES.sessionUnavailable },
    payload: minted,
  });
}

/**
 * A custom token whose session is recorded, or why there is none (the failure is logged with
 * its cause). The admin's roles are settled first, then the token is minted, so a refused mint leaves no record behind; a record
 * that cannot be written withholds the token, which the rules would refuse anyway.
 */
async function mint(
  admin: SessionAdmin,
  upstreamToken: string,
  deps: SessionDeps,
  failure: string,
): Promise<{ firebaseToken: string } | { firebaseUnavailable: FirebaseUnavailable }> {
  const session = deps.sessions.newId();
  try {
    // The rules read these records: no session opens before they say what the admin may do.
    if (deps.roles) await settleAdminRoles(admin.uid, deps.roles);
    const firebaseToken = await deps.createCustomToken(admin.uid, { role: 'admin', session });
    await recordAdminSession(admin, session, upstreamToken, deps.sessions);
    return { firebaseToken };
  } catch (error) {
    const reason = mintFailureReason(error);
    deps.logger.error(failure, { uid: admin.uid, reason, error: String(error) });
    return { firebaseUnavailable: { reason } };
  }
}

/**
 * Why firebase-admin could not mint, from its error code: IAM refusing `signBlob` comes back as
 * `auth/insufficient-permission`, a service account it cannot name as `auth/invalid-credential`,
 * and no answer from IAM as `app/network-error` or `app/network-timeout`.
 */
function mintFailureReason(error: unknown): FirebaseUnavailable['reason'] {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'auth/insufficient-permission' || code === 'auth/invalid-credential') {
    return 'signing-refused';
  }
  if (code === 'app/network-error' || code === 'app/network-timeout') return 'unreachable';
  return 'unknown';
}

function refusal() {
  return { metadata: { success: 0, message: INVALID_LOGIN_MESSAGE }, payload: null };
}
