import { createHash } from 'node:crypto';

/**
 * Upstream bearer tokens are never stored as they are: records name a token by its SHA-256
 * (base64url), which is also a valid database key.
 */
export const tokenHash = (token: string): string =>
  createHash('sha256').update(token).digest('base64url');

/** The token of an `Authorization: Bearer …` header, or null. */
export const bearerToken = (authorization: string | undefined): string | null =>
  authorization === undefined ? null : (/^Bearer\s+(\S+)$/i.exec(authorization)?.[1] ?? null);
