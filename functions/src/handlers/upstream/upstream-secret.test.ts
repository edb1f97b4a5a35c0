import { describe, expect, it } from 'vitest';
import type { UpstreamFetch, UpstreamInit } from './upstream.js';
import { parseUpstreamSecret, withUpstreamSecret } from './upstream-secret.js';

const init = (headers: Record<string, string> = {}): UpstreamInit => ({
  method: 'GET',
  headers: new Headers(headers),
  body: undefined,
  signal: new AbortController().signal,
  redirect: 'manual',
  duplex: 'half',
});

function recording() {
  const seen: Headers[] = [];
  const fetch: UpstreamFetch = async (_url, sent) => {
    seen.push(sent.headers);
    return new Response(null, { status: 204 });
  };
  return { fetch, seen };
}

describe('parseUpstreamSecret', () => {
  it('is off while no header name is set, and then never reads the secret', () => {
    const unread = () => {
      throw new Error('the secret was read');
    };
    expect(parseUpstreamSecret('', unread)).toBeUndefined();
    expect(parseUpstreamSecret('  ', unread)).toBeUndefined();
  });

  it('takes a header name of its own with its secret', () => {
    expect(parseUpstreamSecret('X-Fuel-Proxy', () => 's3cret')).toEqual({
      header: 'x-fuel-proxy',
      value: 's3cret',
    });
  });

  it.each(['Authorization', 'content-type', 'X-HTTP-Method-Override', 'X Proxy', 'X:Proxy'])(
    'refuses %s, which is no header of its own',
    (name) => {
      expect(() => parseUpstreamSecret(name, () => 's3cret')).toThrow(/UPSTREAM_PROXY_HEADER/);
    },
  );

  it.each(['', 'line\nbreak'])('refuses the secret %j', (value) => {
    expect(() => parseUpstreamSecret('X-Fuel-Proxy', () => value)).toThrow(/UPSTREAM_PROXY_SECRET/);
  });
});

describe('withUpstreamSecret', () => {
  it('adds the header to every call, over one the request carried', async () => {
    const { fetch, seen } = recording();
    const secured = withUpstreamSecret(fetch, { header: 'x-fuel-proxy', value: 's3cret' });
    await secured(new URL('http://127.0.0.1/api/me'), init({ authorization: 'Bearer a' }));
    await secured(new URL('http://127.0.0.1/api/x'), init({ 'x-fuel-proxy': 'forged' }));
    expect(seen.map((headers) => headers.get('x-fuel-proxy'))).toEqual(['s3cret', 's3cret']);
    expect(seen[0]?.get('authorization')).toBe('Bearer a');
  });

  it('leaves calls as they are while off', async () => {
    const { fetch } = recording();
    expect(withUpstreamSecret(fetch, undefined)).toBe(fetch);
  });
});
