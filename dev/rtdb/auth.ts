/**
 * Who is asking. Like the official emulator, ID tokens are decoded without checking their
 * signature: the Auth emulator and rules-unit-testing's mock tokens are unsigned.
 */
import { z } from 'zod';
import type { AuthVariable } from './rules.js';

/** The owner bypasses the rules (firebase-admin, withSecurityRulesDisabled); a user meets them. */
export type Identity = { kind: 'owner' } | { kind: 'user'; auth: AuthVariable | null };

export const OWNER: Identity = { kind: 'owner' };
export const UNAUTHENTICATED: Identity = { kind: 'user', auth: null };

/** The credential firebase-admin and rules-unit-testing send for admin access to an emulator. */
export const OWNER_CREDENTIAL = 'owner';

const claimsSchema = z.looseObject({
  sub: z.string().optional(),
  user_id: z.string().optional(),
  exp: z.number().optional(),
  firebase: z.looseObject({ sign_in_provider: z.string().optional() }).optional(),
});

/** The `auth` variable a Firebase ID token gives the rules, or null if it is not one. */
export function decodeIdToken(
  token: string,
): { auth: AuthVariable; expires: number | undefined } | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  let claims: z.infer<typeof claimsSchema>;
  try {
    claims = claimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  const uid = claims.user_id ?? claims.sub;
  if (uid === undefined || uid === '') return null;
  return {
    auth: { uid, provider: claims.firebase?.sign_in_provider ?? 'custom', token: claims },
    expires: claims.exp,
  };
}

/** The identity a REST request or a `gauth`/`auth` credential stands for, or null if invalid. */
export function identityOf(credential: string): Identity | null {
  if (credential === OWNER_CREDENTIAL) return OWNER;
  const decoded = decodeIdToken(credential);
  return decoded === null ? null : { kind: 'user', auth: decoded.auth };
}

/** The CloudEvent `authtype`/`authid` of a change made by this identity. */
export function eventAuth(identity: Identity): { authtype: string; authid?: string } {
  if (identity.kind === 'owner') return { authtype: 'admin' };
  if (identity.auth === null) return { authtype: 'unauthenticated' };
  const uid = identity.auth.uid;
  return typeof uid === 'string' ? { authtype: 'app_user', authid: uid } : { authtype: 'app_user' };
}
