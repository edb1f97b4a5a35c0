import type { UpstreamFetch } from './upstream.js';

/**
 * A header the upstream can require of every call, so that calls which skip the product (an
 * admin using their bearer token directly) are refused there, and with them any way around the
 * audit trail. Set per deployment: the header's name (UPSTREAM_PROXY_HEADER) and its value, a
 * secret (UPSTREAM_PROXY_SECRET). Off while no name is set.
 */
export interface UpstreamSecret {
  header: string;
  value: string;
}

/** Headers the proxy sets itself or the upstream reads for other things: never the secret's. */
const TAKEN = new Set([
  'accept',
  'accept-encoding',
  'authorization',
  'content-length',
  'content-type',
  'cookie',
  'host',
  'if-modified-since',
  'if-none-match',
  'range',
  'x-forwarded-for',
  'x-http-method-override',
]);

/** An HTTP header name (RFC 9110 token characters). */
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/**
 * The upstream secret the parameters describe, or undefined when the header name is empty.
 * Throws, naming the parameter, for a name that is no header or is one the proxy uses, and for
 * an empty value: a deployment that asks for the header never calls without it.
 */
export function parseUpstreamSecret(
  header: string,
  value: () => string,
): UpstreamSecret | undefined {
  const name = header.trim();
  if (name === '') return undefined;
  if (!HEADER_NAME.test(name) || TAKEN.has(name.toLowerCase())) {
    throw new Error(`UPSTREAM_PROXY_HEADER must be a header name of its own, not "${name}"`);
  }
  const secret = value();
  if (secret === '' || /[\r\n]/.test(secret)) {
    throw new Error('UPSTREAM_PROXY_SECRET must hold the value of UPSTREAM_PROXY_HEADER');
  }
  return { header: name.toLowerCase(), value: secret };
}

/** Every call through `fetch` carries the secret header, whatever the request held. */
export function withUpstreamSecret(
  fetch: UpstreamFetch,
  secret: UpstreamSecret | undefined,
): UpstreamFetch {
  if (secret === undefined) return fetch;
  return (url, init) => {
    const headers = new Headers(init.headers);
    headers.set(secret.header, secret.value);
    return fetch(url, { ...init, headers });
  };
}
