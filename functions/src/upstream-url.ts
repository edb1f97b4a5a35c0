import { isIPv4 } from 'node:net';

/**
 * UPSTREAM_API_URL, checked: an http(s) base URL without credentials, query or fragment, and
 * https unless the upstream runs on this machine. Sign-in passwords and bearer tokens cross
 * this link, so plain http is refused wherever the network could read them.
 */
export function parseUpstreamUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`UPSTREAM_API_URL is not a URL: ${JSON.stringify(value)}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username !== '' || url.password !== '') {
    throw new Error('UPSTREAM_API_URL must be an http(s) URL without credentials');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new Error('UPSTREAM_API_URL must not have a query or a fragment');
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new Error(
      `UPSTREAM_API_URL must use https: sign-in passwords and bearer tokens would cross the network to ${url.host} in clear. ` +
        'Put TLS in front of the upstream (a reverse proxy with a certificate) and give its https address; ' +
        'plain http is allowed to a loopback host only (127.0.0.0/8, ::1, localhost).',
    );
  }
  return url;
}

/** `hostname` as the URL parser normalised it (`127.1` is `127.0.0.1`, IPv6 in brackets). */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    (isIPv4(hostname) && hostname.startsWith('127.'))
  );
}
