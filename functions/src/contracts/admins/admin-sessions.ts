import * as z from 'zod/mini';
import { LIMITS } from '../realtime.js';
import { idSchema } from '../record-id.js';

/**
 * The `admin` entry (the last admin to sign in) and each admin's own `admins/{uid}`: the admin
 * and the web device that receives chat pushes.
 */
export const adminEntrySchema = z.object({
  id: idSchema,
  name: z.string().check(z.maxLength(LIMITS.name)),
  email: z.string().check(z.maxLength(LIMITS.name)),
  image: z.string().check(z.maxLength(LIMITS.url)),
  /** FCM token of the admin's browser, '' when push is unavailable. */
  deviceToken: z.string().check(z.maxLength(LIMITS.url)),
  lastLogin: z.int().check(z.nonnegative()),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;

/**
 * adminSessions/{uid}/{sessionId}: written by the `api` function when it mints an admin's custom
 * token (claim `session: sessionId`), extended when the browser renews it with the admin role
 * re-checked, removed at sign-out, on a refusal of the role, or by the sweep once expired. The
 * rules grant admins only while `expiresAt` is ahead of the server's clock. No client reads or
 * writes it.
 */
export const adminSessionSchema = z.object({
  /** When the session was opened, in ms. */
  at: z.int().check(z.nonnegative()),
  /** When it lapses unless renewed, in ms. */
  expiresAt: z.int().check(z.nonnegative()),
  /** The upstream token it was opened with (SHA-256, base64url): never the token itself. */
  tokenHash: z.string().check(z.minLength(1), z.maxLength(64)),
  /**
   * Who the upstream said the admin was when the session opened: the audit trail names them by
   * this e-mail, and the price desk shows them under this name (`adminDisplayName`). Absent
   * from records opened before they were kept.
   */
  email: z.optional(z.string().check(z.maxLength(LIMITS.name))),
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(LIMITS.name))),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** The name an admin goes by on shared screens: the upstream's name, else the e-mail. */
export function adminDisplayName(user: { name: string; email: string }): string {
  return (user.name.trim() || user.email).slice(0, LIMITS.name);
}

/** refusedTokens/{tokenHash}: an upstream token ended on every browser, and when. */
export const refusedTokenSchema = z.object({
  uid: z.string().check(z.minLength(1)),
  at: z.int().check(z.nonnegative()),
});
