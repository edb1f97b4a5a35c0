import * as z from 'zod/mini';
import { FILE_KEPT_REASONS, FIREBASE_UNAVAILABLE_REASONS } from './api.js';
import { envelopeSchema } from './upstream/envelope.js';

/** The bodies and replies of the `api` function's own calls, whose paths api.ts names. */

export const firebaseUnavailableSchema = z.object({
  reason: z.catch(z.enum(FIREBASE_UNAVAILABLE_REASONS), 'unknown'),
});
export type FirebaseUnavailable = z.infer<typeof firebaseUnavailableSchema>;

export const firebaseTokenPayloadSchema = z.object({
  firebaseToken: z.string().check(z.minLength(1)),
});
export type FirebaseTokenPayload = z.infer<typeof firebaseTokenPayloadSchema>;
export const firebaseTokenReplySchema = envelopeSchema(firebaseTokenPayloadSchema);

export const firebaseUnavailablePayloadSchema = z.object({
  firebaseUnavailable: firebaseUnavailableSchema,
});

/** The body of a sign-out (`SIGN_OUT_PATH`) and of a renewal (`RENEW_SESSION_PATH`). */
export const signOutRequestSchema = z.object({
  idToken: z.string().check(z.minLength(1), z.maxLength(8192)),
  /**
   * At a sign-out, the push token of the browser signing out: the admin entries still holding it
   * are cleared even while another browser of the admin stays signed in.
   */
  deviceToken: z.optional(z.string().check(z.maxLength(512))),
});
export type SignOutRequest = z.infer<typeof signOutRequestSchema>;

export const renewedSessionPayloadSchema = z.object({
  /** When the session lapses unless renewed again, in ms. */
  expiresAt: z.int().check(z.nonnegative()),
});
export type RenewedSession = z.infer<typeof renewedSessionPayloadSchema>;

export const chatMessageDeletePayloadSchema = z.object({
  filesDeleted: z.array(z.string()),
  filesKept: z.array(z.object({ id: z.string(), reason: z.enum(FILE_KEPT_REASONS) })),
});
export type ChatMessageDeletePayload = z.infer<typeof chatMessageDeletePayloadSchema>;
export const chatMessageDeleteReplySchema = envelopeSchema(chatMessageDeletePayloadSchema);
