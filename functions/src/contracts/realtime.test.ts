import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceTokenKey } from './realtime.js';

describe('deviceTokenKey', () => {
  it('is the unpadded base64url SHA-256 of the token', async () => {
    const token = 'fcm:APA91b-Example_token/with+odd=chars';
    const expected = createHash('sha256').update(token, 'utf8').digest('base64url');
    expect(await deviceTokenKey(token)).toBe(expected);
  });

  it('gives a 43-character key that the Realtime Database accepts', async () => {
    const key = await deviceTokenKey('d'.repeat(300));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives different tokens different keys and the same token the same key', async () => {
    const [a, b, again] = await Promise.all(
      ['token-a', 'token-b', 'token-a'].map((t) => deviceTokenKey(t)),
    );
    expect(a).not.toBe(b);
    expect(again).toBe(a);
  });
});
