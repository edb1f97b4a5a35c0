import * as z from 'zod/mini';
import { envelopeSchema } from './envelope.js';

/**
 * What the `api` function adds to the upstream REST API (functions/README.md). Paths are as the
 * browser calls them, behind the Hosting rewrite of `/api/**`.
 */

/** The upstream's wording for a refused sign-in (SPEC section 5), also used for non-admins. */
export const INVALID_LOGIN_MESSAGE = 'The login detail is incorrect';

/**
 * Upstream file URLs (plain http) in JSON replies are rewritten to this prefix followed by the
 * file's path on the upstream origin, so an HTTPS page never loads plain-http content.
 */
export const FILES_PATH_PREFIX = '/api/files/';

/**
 * POST with `Authorization: Bearer <upstream token>` and no body: a fresh Firebase custom token
 * for an admin whose Firebase session was lost. 401 when the upstream token is not valid, 403
 * when its user is not an admin, both in the envelope with `success: 0`.
 */
export const FIREBASE_TOKEN_PATH = '/api/session/firebase-token';

export const firebaseTokenPayloadSchema = z.object({
  firebaseToken: z.string().check(z.minLength(1)),
});
export type FirebaseTokenPayload = z.infer<typeof firebaseTokenPayloadSchema>;
export const firebaseTokenReplySchema = envelopeSchema(firebaseTokenPayloadSchema);
