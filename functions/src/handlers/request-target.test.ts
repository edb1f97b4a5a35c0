import { describe, expect, it } from 'vitest';
import { parseRequestTarget, upstreamUrlFor } from './request-target.js';

describe('parseRequestTarget', () => {
  it.each([
    ['dot-dot', '/api/../secret'],
    ['dot-dot deeper', '/api/admin/../../etc/passwd'],
    ['single dot', '/api/./admin/user'],
    ['encoded dot-dot', '/api/%2e%2e/secret'],
    ['upper-case encoded dot-dot', '/api/%2E%2E/secret'],
    ['half-encoded dot-dot', '/api/.%2e/secret'],
    ['double-encoded dot-dot', '/api/%252e%252e/secret'],
    ['protocol-relative host', '//evil.example/api/login'],
    ['host after the prefix', '/api//evil.example/x'],
    ['empty segment inside', '/api/admin//user'],
    ['absolute URL', 'http://evil.example/api/login'],
    ['absolute URL after the prefix', '/api/http://evil.example/'],
    ['encoded slash', '/api/http:%2F%2Fevil.example'],
    ['backslash', '/api/admin\\..\\x'],
    ['encoded backslash', '/api/admin%5c..%5cx'],
    ['NUL byte', '/api/admin%00/user'],
    ['malformed encoding', '/api/admin%zz'],
    ['files escaping the origin root', '/api/files/../api/admin/user'],
    ['files with nothing to fetch', '/api/files/'],
  ])('refuses %s', (_name, url) => {
    expect(parseRequestTarget(url)).toBeNull();
  });

  it('reads an API path with its query, with or without the /api prefix', () => {
    const expected = {
      kind: 'api',
      path: '/admin/user',
      segments: ['admin', 'user'],
      search: '?page=2',
    };
    expect(parseRequestTarget('/api/admin/user?page=2')).toEqual(expected);
    expect(parseRequestTarget('/admin/user?page=2')).toEqual(expected);
  });

  it('keeps the raw path and decodes segments only to check and route them', () => {
    expect(parseRequestTarget('/api/admin/user%20list/50%25off')).toEqual({
      kind: 'api',
      path: '/admin/user%20list/50%25off',
      segments: ['admin', 'user list', '50%off'],
      search: '',
    });
  });

  it('does not take dots in the query for path segments', () => {
    expect(parseRequestTarget('/api/admin/user?next=../../x')).toMatchObject({
      kind: 'api',
      search: '?next=../../x',
    });
  });

  it.each([
    ['a file at the origin root', '/api/files/.env'],
    ['an encoded dot file', '/api/files/%2eenv'],
    ['the API itself', '/api/files/api/admin/user'],
    ['a script of the upstream', '/api/files/index.php'],
    ['the upload folder itself', '/api/files/storage'],
    ['the upload folder with a slash', '/api/files/storage/'],
    ['a folder named like it', '/api/files/storage-old/1/a.png'],
  ])('finds no file outside the upload folders: %s', (_name, url) => {
    expect(parseRequestTarget(url)).toEqual({ kind: 'not-a-file' });
  });

  it.each([
    ['dot-dot', '/api/files/storage/../.env'],
    ['encoded dot-dot', '/api/files/storage/%2e%2e/.env'],
    ['double-encoded dot-dot', '/api/files/storage/%252e%252e/.env'],
    ['encoded slash', '/api/files/storage%2f..%2f.env'],
    ['encoded slash inside', '/api/files/storage/..%2F.env'],
  ])('refuses a way out of the upload folders: %s', (_name, url) => {
    expect(parseRequestTarget(url)).toBeNull();
  });

  it('routes files, the session token exchange and the sign-out', () => {
    expect(parseRequestTarget('/api/files/storage/12/photo.png?v=1')).toEqual({
      kind: 'files',
      path: '/storage/12/photo.png',
      search: '?v=1',
    });
    expect(parseRequestTarget('/api/session/firebase-token')).toEqual({ kind: 'firebase-token' });
    expect(parseRequestTarget('/api/session/sign-out')).toEqual({ kind: 'sign-out' });
    expect(parseRequestTarget('/api/audience?target=all')).toEqual({
      kind: 'audience',
      search: '?target=all',
    });
    expect(parseRequestTarget('/api/group-chat/7/messages/-Nx_1')).toEqual({
      kind: 'chat-message',
      groupId: '7',
      messageId: '-Nx_1',
    });
  });

  it('names no chat message by a key the database would refuse or read elsewhere', () => {
    for (const key of ['a.b', 'a%23b', 'a$b', '%5Bb%5D'])
      expect(parseRequestTarget(`/api/group-chat/7/messages/${key}`)?.kind).toBe('api');
    expect(parseRequestTarget('/api/group-chat/7/messages/m1/extra')?.kind).toBe('api');
  });
});

describe('upstreamUrlFor', () => {
  const base = new URL('http://127.0.0.1:5050/api');

  it('appends the path below the base path', () => {
    expect(upstreamUrlFor(base, '/admin/user', '?page=2')?.href).toBe(
      'http://127.0.0.1:5050/api/admin/user?page=2',
    );
  });

  it('refuses what the URL parser would move off the base', () => {
    expect(upstreamUrlFor(base, '/%2e%2e/x', '')).toBeNull();
    expect(upstreamUrlFor(base, '/..\\x', '')).toBeNull();
  });
});
