import { describe, expect, it } from 'vitest';
import { chatMessageDeletePayloadSchema, firebaseUnavailableSchema } from './api-replies.js';
import { chatMessagePath, uploadOf } from './api.js';

describe('uploadOf', () => {
  const base = 'https://admin.example.com';

  it("names an upload by the upstream's URL or the file proxy's", () => {
    expect(uploadOf('http://127.0.0.1:5050/storage/12/photo.png', base)).toEqual({
      id: '12',
      path: '/storage/12/photo.png',
    });
    expect(uploadOf('/api/files/storage/12/photo.png', base)).toEqual({
      id: '12',
      path: '/storage/12/photo.png',
    });
  });

  it('names no upload for any other URL', () => {
    for (const url of [
      'ftp://127.0.0.1/storage/12/photo.png',
      'http://[::1/storage/12/a.png',
      '/storage/x12/photo.png',
      '/storage/12x/photo.png',
      '/storage/12',
      '/storage/12/',
      '/storage/12/photo.png/more',
      '/public/12/photo.png',
      '/api/filesx/storage/12/photo.png',
    ]) {
      expect(uploadOf(url, base), url).toBeNull();
    }
  });
});

describe('firebaseUnavailableSchema', () => {
  it('reads a reason it does not know as unknown', () => {
    expect(firebaseUnavailableSchema.parse({ reason: 'unreachable' }).reason).toBe('unreachable');
    expect(firebaseUnavailableSchema.parse({ reason: 'quota' }).reason).toBe('unknown');
  });
});

describe('chat messages', () => {
  it('encodes the keys into the path', () => {
    expect(chatMessagePath('7', 'a/b')).toBe('/group-chat/7/messages/a%2Fb');
  });

  it('reads which files went and which stayed, and why', () => {
    const payload = { filesDeleted: ['1'], filesKept: [{ id: '2', reason: 'shared' }] };
    expect(chatMessageDeletePayloadSchema.parse(payload)).toEqual(payload);
    expect(
      chatMessageDeletePayloadSchema.safeParse({ filesDeleted: [], filesKept: [{ id: '2' }] })
        .success,
    ).toBe(false);
  });
});
