import { describe, expect, it } from 'vitest';
import { isUploadPath, parseRequestTarget, upstreamUrlFor } from './request-target.js';

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
    ['target without a leading slash', 'admin/user'],
    ['asterisk-form target', '*'],
    ['four layers of encoding', '/api/admin/%25252541'],
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

  it('reads the bare prefix as the API root', () => {
    const root = { kind: 'api', path: '/', segments: [], search: '' };
    expect(parseRequestTarget('/api')).toEqual(root);
    expect(parseRequestTarget('/api/')).toEqual(root);
    expect(parseRequestTarget('/')).toEqual(root);
  });

  it('decodes up to three layers of encoding, and reads a literal % after the first', () => {
    expect(parseRequestTarget('/api/admin/%252541')?.kind).toBe('api');
    expect(parseRequestTarget('/api/admin/%252541')).toMatchObject({ segments: ['admin', 'A'] });
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

  it('routes only the exact session and chat-message paths to the functions', () => {
    for (const url of [
      '/api/session',
      '/api/session/firebase-token/extra',
      '/api/sessions/firebase-token',
      '/api/admin/firebase-token',
      '/api/session/sign-out/extra',
      '/api/sessions/sign-out',
      '/api/admin/sign-out',
      '/api/session/sign-in',
      '/api/audience/extra',
      '/api/group-chat/7/messages',
      '/api/group-chats/7/messages/m1',
      '/api/group-chat/7/replies/m1',
    ]) {
      expect(parseRequestTarget(url)?.kind, url).toBe('api');
    }
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

  it('appends below a base path written with trailing slashes', () => {
    expect(upstreamUrlFor(new URL('http://127.0.0.1:5050/api//'), '/admin/user', '')?.href).toBe(
      'http://127.0.0.1:5050/api/admin/user',
    );
  });

  it('refuses a path that would turn the base origin into credentials of another host', () => {
    expect(upstreamUrlFor(new URL('http://127.0.0.1:5050'), '@evil.example/x', '')).toBeNull();
  });

  it('refuses a path that makes no URL', () => {
    expect(upstreamUrlFor(new URL('http://127.0.0.1'), ':99999/x', '')).toBeNull();
  });

  it('refuses what the URL parser would move off the base', () => {
    expect(upstreamUrlFor(base, '/%2e%2e/x', '')).toBeNull();
    expect(upstreamUrlFor(base, '/..\\x', '')).toBeNull();
  });
});

describe('isUploadPath', () => {
  it('takes only named files inside an upload folder', () => {
    expect(isUploadPath(['storage', '12', 'photo.png'])).toBe(true);
    expect(isUploadPath(['storage'])).toBe(false);
    expect(isUploadPath(['storage', '', 'photo.png'])).toBe(false);
    expect(isUploadPath(['storage', '12', ''])).toBe(false);
    expect(isUploadPath(['public', '12', 'photo.png'])).toBe(false);
    expect(isUploadPath([])).toBe(false);
  });
});
