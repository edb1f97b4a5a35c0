import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify<
  crypto.BinaryLike,
  crypto.BinaryLike,
  number,
  crypto.ScryptOptions,
  Buffer
>(crypto.scrypt);

// scrypt's interactive-login parameters (RFC 7914 section 2: N=2^14, r=8, p=1).
const N = 16_384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$salt$key`, salt and key in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A password nobody has: verified against when the e-mail is unknown, so timing tells nothing. */
export const UNKNOWN_USER_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEY_LENGTH).toString('base64url')}`;

/** An opaque bearer token (or reset token): 256 random bits. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');

/** Tokens are stored hashed, so a copy of the database grants no session. */
export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+([A-Za-z0-9._~+/=-]+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
