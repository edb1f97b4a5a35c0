import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/**
 * Which headers cross the proxy. Requests: an allow-list, so hop-by-hop headers, cookies and
 * anything else the upstream has no business seeing stay behind. Replies: everything except
 * hop-by-hop headers (RFC 9110 section 7.6.1, plus those the `Connection` header names) and
 * what would act on our origin on the upstream's behalf: cookies, redirects (`Location`,
 * `Refresh`) and CORS grants (`Access-Control-*`).
 */

/** What an API call forwards: the method/path/Authorization/Content-Type, plus negotiation. */
export const API_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'authorization',
  'content-type',
  'if-match',
  'if-modified-since',
  'if-none-match',
  'if-unmodified-since',
  'x-requested-with',
] as const;

/** A file download carries no credentials: only caching and range negotiation. */
export const FILE_REQUEST_HEADERS = [
  'accept',
  'if-modified-since',
  'if-none-match',
  'if-range',
  'range',
] as const;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Reply headers the upstream may not send on our origin's behalf (with `Access-Control-*`). */
const ORIGIN_ACTING = ['location', 'refresh', 'set-cookie'];

export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  allowed: readonly string[],
  extra: { contentLength?: number; clientAddress?: string | undefined } = {},
): Headers {
  const headers = new Headers();
  for (const name of allowed) {
    const value = incoming[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  // JSON replies are read (login, URL rewriting, mirror): ask for them uncompressed.
  headers.set('accept-encoding', 'identity');
  if (extra.contentLength !== undefined) headers.set('content-length', String(extra.contentLength));
  if (extra.clientAddress !== undefined) headers.set('x-forwarded-for', extra.clientAddress);
  return headers;
}

/**
 * The one address passed on as X-Forwarded-For, never the chain as received. Behind Google's
 * front end (Cloud Functions, called directly or through Hosting) the last entry is the one
 * the front end appended, the address it saw connect; every entry before it came with the
 * request, and a client can write anything there. A plain server has only its socket.
 */
export function clientAddressOf(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
  behindGoogleFrontEnd: boolean,
): string | undefined {
  if (behindGoogleFrontEnd && typeof forwardedFor === 'string') {
    const appended = forwardedFor.split(',').at(-1)?.trim() ?? '';
    if (isIP(appended) !== 0) return appended;
  }
  return socketAddress;
}

export function replyHeaders(upstream: Headers): Record<string, string> {
  const named = (upstream.get('connection') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const dropped = new Set([...HOP_BY_HOP, ...named, ...ORIGIN_ACTING]);
  const headers: Record<string, string> = {};
  upstream.forEach((value, name) => {
    if (!dropped.has(name) && !name.startsWith('access-control-')) headers[name] = value;
  });
  return headers;
}
