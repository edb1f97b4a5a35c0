import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';

/**
 * Which headers cross the proxy: allow-lists both ways. Requests carry nothing the upstream has
 * no business seeing (cookies, hop-by-hop headers). Replies carry only what the page needs to
 * read them: anything else would act on our origin on the upstream's behalf (cookies,
 * redirects, CORS grants, `Clear-Site-Data` wiping the admin's storage, `Service-Worker-Allowed`
 * widening a worker's scope, a Content Security Policy of its own).
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

/** What an API reply keeps: its body's type and caching, and what a refusal or a limit says. */
export const API_REPLY_HEADERS = [
  'content-language',
  'content-type',
  'etag',
  'last-modified',
  'retry-after',
  'www-authenticate',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  // Ties a reply to the upstream's own log, for whoever looks into a failure.
  'x-request-id',
] as const;

/** What a file reply keeps: what a browser needs to show the file and revalidate it. */
export const FILE_REPLY_HEADERS = [
  'accept-ranges',
  'content-disposition',
  'content-length',
  'content-range',
  'content-type',
  'etag',
  'last-modified',
] as const;

export function upstreamRequestHeaders(
  incoming: IncomingHttpHeaders,
  allowed: readonly string[],
  extra: {
    contentLength?: number;
    clientAddress?: string | undefined;
    /** The method a POST acts on, pinned: Laravel reads this header before any `_method`. */
    methodOverride?: string | undefined;
  } = {},
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
  if (extra.methodOverride !== undefined)
    headers.set('x-http-method-override', extra.methodOverride);
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

/**
 * The `allowed` headers of an upstream reply, minus any the reply's `Connection` header names
 * (hop-by-hop for that reply, whatever their name).
 */
export function replyHeaders(
  upstream: Headers,
  allowed: readonly string[],
): Record<string, string> {
  const named = new Set(
    (upstream.get('connection') ?? '').split(',').map((name) => name.trim().toLowerCase()),
  );
  const headers: Record<string, string> = {};
  for (const name of allowed) {
    const value = upstream.get(name);
    if (value !== null && !named.has(name)) headers[name] = value;
  }
  return headers;
}
