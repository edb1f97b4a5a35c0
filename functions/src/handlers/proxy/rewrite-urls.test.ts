import { describe, expect, it } from 'vitest';
import { localFileUrl, rewriteFileUrls } from './rewrite-urls.js';

const host = 'api.example.com';

describe('rewriteFileUrls', () => {
  it('rewrites file URLs at any depth and counts every one', () => {
    const reply = {
      payload: [
        {
          image: `https://${host}/storage/1/a.png`,
          nested: [{ url: `https://${host}/storage/2/b.pdf` }],
        },
        { avatar: { original_url: `http://${host}/storage/3/c.jpg?v=2` } },
      ],
    };
    expect(rewriteFileUrls(reply, host)).toBe(3);
    expect(reply).toEqual({
      payload: [
        { image: '/api/files/storage/1/a.png', nested: [{ url: '/api/files/storage/2/b.pdf' }] },
        { avatar: { original_url: '/api/files/storage/3/c.jpg?v=2' } },
      ],
    });
  });

  it('leaves other fields, other hosts and plain values alone, and counts nothing', () => {
    const reply = {
      note: `https://${host}/storage/1/a.png`,
      url: 'https://elsewhere.test/storage/1/a.png',
      image: null,
      count: 3,
    };
    const before = structuredClone(reply);
    expect(rewriteFileUrls(reply, host)).toBe(0);
    expect(reply).toEqual(before);
    expect(rewriteFileUrls(null, host)).toBe(0);
    expect(rewriteFileUrls('x', host)).toBe(0);
    expect(rewriteFileUrls([1, 'a', null], host)).toBe(0);
  });
});

describe('localFileUrl', () => {
  it('maps an upload on the host to /api/files, keeping the query', () => {
    expect(localFileUrl(`https://${host}/storage/1/a.png?v=1`, host)).toBe(
      '/api/files/storage/1/a.png?v=1',
    );
  });

  it('refuses URLs that are not http(s) uploads on the host', () => {
    for (const url of [
      `/storage/1/a.png`,
      `ftp://${host}/storage/1/a.png`,
      `httpx://${host}/storage/1/a.png`,
      `http://[${host}/storage/1/a.png`,
      `https://${host}:8443/storage/1/a.png`,
      `https://${host}/logo.png`,
      `https://${host}/storage/`,
    ]) {
      expect(localFileUrl(url, host), url).toBeNull();
    }
  });
});
