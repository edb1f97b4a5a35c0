import { describe, expect, it } from 'vitest';
import { rewriteFileUrls } from './rewrite-urls.js';

const host = 'api.example.com';
const bases = [new URL(`https://${host}/storage`)];

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
    expect(rewriteFileUrls(reply, bases)).toBe(3);
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
    expect(rewriteFileUrls(reply, bases)).toBe(0);
    expect(reply).toEqual(before);
    expect(rewriteFileUrls(null, bases)).toBe(0);
    expect(rewriteFileUrls('x', bases)).toBe(0);
    expect(rewriteFileUrls([1, 'a', null], bases)).toBe(0);
  });
});
