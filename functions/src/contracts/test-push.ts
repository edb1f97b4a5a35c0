import * as z from 'zod/mini';
import { envelopeSchema } from './upstream/envelope.js';
import { LIMITS } from './realtime.js';

export const TEST_PUSH_PATH = '/push/test';

/**
 * POST `TEST_PUSH_PATH` (an admin's bearer): the composed notification, sent by the functions to
 * the signed-in admin's own browser only (their `admins/{uid}/deviceToken`). Nothing is stored.
 */
export const testPushBodySchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertTitle)),
  description: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertDescription)),
  /** Image URL or `/api/files/...` path, '' for none. */
  image: z._default(z.string().check(z.maxLength(LIMITS.url)), ''),
});
export type TestPushBody = z.input<typeof testPushBodySchema>;

/**
 * How the test went: FCM accepted it, the admin has no browser token registered (push refused
 * or unavailable at sign-in), or FCM refused it with `reason`.
 */
export const testPushResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('sent') }),
  z.object({ outcome: z.literal('no-token') }),
  z.object({ outcome: z.literal('refused'), reason: z.string() }),
]);
export type TestPushResult = z.infer<typeof testPushResultSchema>;
export const testPushReplySchema = envelopeSchema(testPushResultSchema);
