import {
  bareEnvelopeSchema,
  INVALID_LOGIN_MESSAGE,
  loginPayloadSchema,
  sessionUserSchema,
  type SessionUser,
} from '../contracts/index.js';
import type { Logger } from './ports.js';
import { failureReply, jsonReply, MESSAGES, type ProxyReply } from './reply.js';

/**
 * Only admins are served (SPEC section 1): an admin's sign-in gets a Firebase custom token
 * (uid = the upstream user id, claim `role: 'admin'`) that the database rules read; anyone
 * else is told the login is incorrect and gets no token of any kind.
 */

export type AdminClaims = { role: 'admin' };

export interface SessionDeps {
  createCustomToken: (uid: string, claims: AdminClaims) => Promise<string>;
  logger: Logger;
}

const ADMIN_CLAIMS: AdminClaims = { role: 'admin' };

const isAdmin = (user: SessionUser) => user.role[0] === 'admin';

const succeeded = (status: number, json: unknown) => {
  const envelope = bareEnvelopeSchema.safeParse(json);
  return status >= 200 && status < 300 && envelope.success && envelope.data.metadata.success;
};

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
  const uid = String(payload.data.user.id);
  try {
    const firebaseToken = await deps.createCustomToken(uid, ADMIN_CLAIMS);
    const json = upstream.json as { payload: Record<string, unknown> };
    return {
      status: upstream.status,
      json: { ...json, payload: { ...json.payload, firebaseToken } },
    };
  } catch (error) {
    deps.logger.error('Could not mint a Firebase custom token at sign-in', {
      uid,
      error: String(error),
    });
    return {
      status: 503,
      json: { metadata: { success: 0, message: MESSAGES.sessionUnavailable }, payload: null },
    };
  }
}

/** What the upstream said about `GET /me`, or why it could not say it. */
export type MeOutcome =
  { kind: 'json'; status: number; json: unknown } | { kind: 'failed'; reply: ProxyReply };

/**
 * `POST /api/session/firebase-token`: a fresh custom token for the admin whose upstream bearer
 * token this is, checked with the upstream's `GET /me`.
 */
export async function exchangeSession(
  authorization: string | undefined,
  deps: SessionDeps & { getMe: (authorization: string) => Promise<MeOutcome> },
): Promise<ProxyReply> {
  if (authorization === undefined || !/^Bearer \S+/i.test(authorization)) {
    return failureReply(401, MESSAGES.signInFirst);
  }
  const me = await deps.getMe(authorization);
  if (me.kind === 'failed') return me.reply;
  if (me.status === 401 || me.status === 403) return failureReply(401, MESSAGES.signInFirst);
  if (!succeeded(me.status, me.json)) return failureReply(502, MESSAGES.badUpstreamReply);

  const user = sessionUserSchema.safeParse((me.json as { payload?: unknown }).payload);
  if (!user.success) return failureReply(502, MESSAGES.badUpstreamReply);
  if (!isAdmin(user.data)) return jsonReply(403, refusal());

  const uid = String(user.data.id);
  try {
    const firebaseToken = await deps.createCustomToken(uid, ADMIN_CLAIMS);
    return jsonReply(200, { metadata: { success: 1, message: '' }, payload: { firebaseToken } });
  } catch (error) {
    deps.logger.error('Could not mint a Firebase custom token for a session', {
      uid,
      error: String(error),
    });
    return failureReply(503, MESSAGES.sessionUnavailable);
  }
}

function refusal() {
  return { metadata: { success: 0, message: INVALID_LOGIN_MESSAGE }, payload: null };
}
