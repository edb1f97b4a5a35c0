import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  hashPassword,
  newToken,
  tokenHash,
  UNKNOWN_USER_HASH,
  verifyPassword,
} from './auth.js';

describe('passwords', () => {
  it('verifies the right password only, and salts each hash', async () => {
    const hash = await hashPassword('fuel-2024');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('fuel-2024', hash)).toBe(true);
    expect(await verifyPassword('fuel-2025', hash)).toBe(false);
    expect(await hashPassword('fuel-2024')).not.toBe(hash);
  });

  it('never lets anyone in with the stand-in hash for unknown e-mails', async () => {
    expect(await verifyPassword('', UNKNOWN_USER_HASH)).toBe(false);
    expect(await verifyPassword('anything', UNKNOWN_USER_HASH)).toBe(false);
  });
});

describe('tokens', () => {
  it('are long, random, and stored as a hash', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(token)).not.toContain(token);
  });

  it('are read from a Bearer header only', () => {
    expect(bearerToken('Bearer abc.DEF_1-2')).toBe('abc.DEF_1-2');
    expect(bearerToken('bearer  xyz ')).toBe('xyz');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});
