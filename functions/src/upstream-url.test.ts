import { describe, expect, it } from 'vitest';
import { parseUpstreamUrl } from './upstream-url.js';

describe('parseUpstreamUrl', () => {
  it('accepts an http(s) base and refuses anything else', () => {
    expect(parseUpstreamUrl('http://127.0.0.1:5050/api').href).toBe('http://127.0.0.1:5050/api');
    for (const bad of [
      '',
      '127.0.0.1:5050/api',
      'ftp://x.test/api',
      'http://u:p@x.test/api',
      'http://x.test/api?k=1',
    ]) {
      expect(() => parseUpstreamUrl(bad), bad).toThrow(/UPSTREAM_API_URL/);
    }
  });

  it('refuses plain http to any host but loopback: passwords and tokens would cross the network readable', () => {
    for (const bad of [
      'http://api.example.com/api',
      'http://10.0.0.5:5050/api',
      'http://128.0.0.1/api',
      'http://[::2]/api',
      'http://localhost.example.com/api',
    ]) {
      expect(() => parseUpstreamUrl(bad), bad).toThrow(/UPSTREAM_API_URL must use https/);
      expect(() => parseUpstreamUrl(bad), bad).toThrow(/Put TLS in front of the upstream/);
    }
    for (const good of [
      'https://api.example.com/api',
      'https://10.0.0.5:8443/api',
      'http://127.0.0.1:5050/api',
      'http://127.8.9.10/api',
      'http://[::1]:5050/api',
      'http://localhost:5050/api',
    ]) {
      expect(parseUpstreamUrl(good).href, good).toBe(good);
    }
  });

  it('refuses credentials, a query or a fragment even over https', () => {
    for (const bad of [
      'https://u:p@x.test/api',
      'https://u@x.test/api',
      'https://:p@x.test/api',
      'https://x.test/api?k=1',
      'https://x.test/api#top',
    ]) {
      expect(() => parseUpstreamUrl(bad), bad).toThrow(/UPSTREAM_API_URL must/);
    }
  });
});
