import { createHash } from 'node:crypto';
import type { Clock } from '../ports.js';

/** An admin as the audit trail names them. */
export interface AuditAdmin {
  uid: string;
  email: string;
}

/** Answers about a bearer token are trusted this long, for this many tokens at most. */
export const AUDIT_IDENTITY = { ttlMs: 5 * 60_000, maxEntries: 1000 } as const;

export interface AdminIdentityOptions {
  now: Clock;
  /** How long an answer is trusted: a token revoked upstream is still named for this long. */
  ttlMs: number;
  /** Tokens remembered at most; the oldest is forgotten first. */
  maxEntries: number;
}

/** The admin whose bearer token this is, asked of the upstream; null for anyone else. */
export type LookUpAdmin = (authorization: string) => Promise<AuditAdmin | null>;

/**
 * Who the admin behind a bearer token is, asked of the upstream once per token and remembered
 * for minutes, so an admin's saves in a row cost one `/me`. Tokens are kept hashed. Only admins
 * are remembered: anyone else is asked again (and the upstream refuses their change anyway).
 */
export function createAdminIdentities(options: AdminIdentityOptions) {
  const known = new Map<string, { admin: AuditAdmin; until: number }>();
  return async (
    authorization: string | undefined,
    lookUp: LookUpAdmin,
  ): Promise<AuditAdmin | null> => {
    if (authorization === undefined) return null;
    const key = createHash('sha256').update(authorization).digest('base64url');
    const cached = known.get(key);
    if (cached && cached.until > options.now()) return cached.admin;
    known.delete(key);
    const admin = await lookUp(authorization);
    if (admin === null) return null;
    if (known.size >= options.maxEntries) {
      const oldest = known.keys().next();
      if (!oldest.done) known.delete(oldest.value);
    }
    known.set(key, { admin, until: options.now() + options.ttlMs });
    return admin;
  };
}

export type AdminIdentities = ReturnType<typeof createAdminIdentities>;
