import { describe, expect, it } from 'vitest';
import {
  API_REPLY_HEADERS,
  API_REQUEST_HEADERS,
  clientAddressOf,
  FILE_REPLY_HEADERS,
  FILE_REQUEST_HEADERS,
  replyHeaders,
  upstreamRequestHeaders,
} from './headers.js';

describe('upstreamRequestHeaders', () => {
  it('forwards only the allowed headers, asks for an uncompressed reply and adds nothing unasked', () => {
    const headers = upstreamRequestHeaders(
      {
        authorization: 'Bearer t',
        'content-type': 'application/json',
        cookie: 'session=1',
        'accept-encoding': 'gzip, br',
        'set-cookie': ['a=1', 'b=2'],
      },
      [...API_REQUEST_HEADERS, 'set-cookie'],
    );
    expect(Object.fromEntries(headers)).toEqual({
      authorization: 'Bearer t',
      'content-type': 'application/json',
      'accept-encoding': 'identity',
    });
  });

  it('gives a file download no credentials', () => {
    const headers = upstreamRequestHeaders(
      { authorization: 'Bearer t', range: 'bytes=0-3', 'if-range': '"v1"' },
      FILE_REQUEST_HEADERS,
    );
    expect(headers.has('authorization')).toBe(false);
    expect(headers.get('range')).toBe('bytes=0-3');
    expect(headers.get('if-range')).toBe('"v1"');
  });

  it('declares the length of a streamed body and the client address when known', () => {
    const headers = upstreamRequestHeaders({}, API_REQUEST_HEADERS, {
      contentLength: 0,
      clientAddress: '203.0.113.7',
    });
    expect(headers.get('content-length')).toBe('0');
    expect(headers.get('x-forwarded-for')).toBe('203.0.113.7');
  });
});

describe('clientAddressOf', () => {
  it("behind Google's front end, takes the last address, the one the front end appended", () => {
    expect(clientAddressOf('10.0.0.1, 198.51.100.9,  203.0.113.7 ', '10.1.1.1', true)).toBe(
      '203.0.113.7',
    );
    expect(clientAddressOf('2001:db8::1', '10.1.1.1', true)).toBe('2001:db8::1');
  });

  it('falls back to the socket when the last entry is no address, or there is no single header', () => {
    expect(clientAddressOf('203.0.113.7, unknown', '10.1.1.1', true)).toBe('10.1.1.1');
    expect(clientAddressOf('203.0.113.7,', '10.1.1.1', true)).toBe('10.1.1.1');
    expect(clientAddressOf(['203.0.113.7'], '10.1.1.1', true)).toBe('10.1.1.1');
    expect(clientAddressOf(undefined, '10.1.1.1', true)).toBe('10.1.1.1');
  });

  it('in a plain server, trusts only the socket, whatever the client wrote', () => {
    expect(clientAddressOf('203.0.113.7', '10.1.1.1', false)).toBe('10.1.1.1');
    expect(clientAddressOf('203.0.113.7', undefined, false)).toBeUndefined();
  });
});

describe('replyHeaders', () => {
  it('keeps only the allowed headers of an API reply', () => {
    const upstream = new Headers({
      'content-type': 'application/json',
      etag: '"v1"',
      'retry-after': '30',
      'x-ratelimit-remaining': '59',
      'www-authenticate': 'Bearer',
      // What would act on our origin on the upstream's behalf.
      'clear-site-data': '"storage"',
      'service-worker-allowed': '/',
      'content-security-policy': "script-src 'unsafe-inline'",
      location: '/x',
      refresh: '0; url=/x',
      'set-cookie': 'a=1',
      'access-control-allow-origin': '*',
      'x-powered-by': 'PHP/8.3',
      // Hop by hop.
      'transfer-encoding': 'chunked',
      'keep-alive': 'timeout=5',
    });
    expect(replyHeaders(upstream, API_REPLY_HEADERS)).toEqual({
      'content-type': 'application/json',
      etag: '"v1"',
      'retry-after': '30',
      'x-ratelimit-remaining': '59',
      'www-authenticate': 'Bearer',
    });
  });

  it('keeps what a file needs, and drops an allowed header the reply names hop by hop', () => {
    const upstream = new Headers({
      connection: ' ETag ,, close',
      etag: '"v1"',
      'content-type': 'image/png',
      'content-length': '12',
      'cache-control': 'public, max-age=31536000',
    });
    expect(replyHeaders(upstream, FILE_REPLY_HEADERS)).toEqual({
      'content-type': 'image/png',
      'content-length': '12',
    });
  });
});
