/** What the proxy handler answers; the HTTP wiring writes it to the socket. */
export interface ProxyReply {
  status: number;
  headers: Record<string, string>;
  /** null for no body; bytes for a reply we built or read whole; a stream passed on as it comes. */
  body: Uint8Array | ReadableStream<Uint8Array> | null;
  /** Work to run once the reply has been sent (the user mirror). It never throws. */
  afterSend?: () => Promise<void>;
}

/**
 * What every reply under /api carries, whoever built it: browsers never guess a type other than
 * the one given (nosniff), and whatever is not JSON renders, if at all, sandboxed: no script,
 * an origin of its own. An upstream page or uploaded file can never act as our site.
 */
export function withSafetyHeaders(reply: ProxyReply): ProxyReply {
  const headers: Record<string, string> = { ...reply.headers, 'x-content-type-options': 'nosniff' };
  if (!isJson(headers['content-type'])) headers['content-security-policy'] = 'sandbox';
  return { ...reply, headers };
}

export function isJson(contentType: string | null | undefined): boolean {
  return (
    typeof contentType === 'string' && /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType)
  );
}

/** Replies that carry a user's data must never be kept by the CDN or a shared cache. */
export const NO_STORE = 'private, no-store';

export function jsonReply(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): ProxyReply {
  const body = Buffer.from(JSON.stringify(value));
  return {
    status,
    headers: {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(body.length),
      'cache-control': NO_STORE,
    },
    body,
  };
}

/** The product's envelope for a failure the proxy itself reports (the upstream's envelope). */
export function failureReply(status: number, message: string): ProxyReply {
  return jsonReply(status, { metadata: { success: 0, message }, payload: null });
}

export const MESSAGES = {
  badPath: 'This address is not allowed.',
  methodNotAllowed: 'This method is not allowed here.',
  tooLarge: (limitBytes: number) =>
    `The request is too large: at most ${size(limitBytes)} can be sent.`,
  unreachable: 'The server could not be reached. Please try again in a moment.',
  timeout: 'The server took too long to answer. Please try again in a moment.',
  replyTooLarge: 'The server sent a reply too large to pass on.',
  fileUnavailable: 'This file is not available.',
  badUpstreamReply: 'The server sent an answer that could not be read.',
  signInFirst: 'Your session has expired. Please sign in again.',
  messageNotFound: 'This message does not exist (any more).',
  databaseUnavailable: 'The live database cannot be reached from here right now.',
  sessionUnavailable: 'No Firebase session can be opened right now. Please try again in a moment.',
  notAnAdminSession: 'This is not an admin session.',
  notThisSession:
    'This change came with the database session of another sign-in. Reload the page and try again.',
  auditUnavailable:
    'The change was not sent: the audit trail cannot be written right now. Please try again in a moment.',
  signedOutEverywhere: 'This sign-in was ended on every browser. Please sign in again.',
  sessionEnded: 'This session has ended. A new one is opened when the page asks again.',
  badSessionRequest: 'This request needs the Firebase ID token of the session: {"idToken": "..."}.',
  signOutUnavailable: 'The session could not be ended right now. Please try again in a moment.',
  rolesNotInUse: 'Roles are not in use here: no owner is named (OWNER_IDS).',
  badAudience: 'An audience is target=all, target=user&id=… or target=group&id=….',
  audienceUnavailable:
    'The user list could not be refreshed, so the audience cannot be counted. Please try again.',
} as const;

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.floor(bytes / (1024 * 1024))} MB`
    : `${Math.floor(bytes / 1024)} KB`;
}
