import * as z from 'zod/mini';
import { envelopeSchema } from './upstream/envelope.js';

/** Who a push would reach: everyone, one user, or a group's members. */
export const audienceQuerySchema = z.discriminatedUnion('target', [
  z.object({ target: z.literal('all') }),
  z.object({ target: z.literal('user'), id: z.string().check(z.regex(/^\d{1,20}$/)) }),
  z.object({ target: z.literal('group'), id: z.string().check(z.regex(/^\d{1,20}$/)) }),
]);
export type AudienceQuery = z.infer<typeof audienceQuerySchema>;

export const AUDIENCE_PATH = '/audience';

/**
 * GET `AUDIENCE_PATH?target=all|user|group[&id=…]` (an admin's bearer): how many users and
 * devices a push to that audience would reach, counted by the functions (browsers cannot read
 * device tokens), and when the user mirror last synced the whole user list (`syncedAt`, ms, null
 * before the first). For everyone, a sync older than `AUDIENCE_FRESH_MS` is run first, with the
 * admin's credentials, and written before the reply (`refreshed: true`).
 */
export const audienceSchema = z.object({
  users: z.int().check(z.nonnegative()),
  devices: z.int().check(z.nonnegative()),
  syncedAt: z.nullable(z.int()),
  refreshed: z.boolean(),
});
export type Audience = z.infer<typeof audienceSchema>;
export const audienceReplySchema = envelopeSchema(audienceSchema);

/** How old the last full sync of the user list may be when a push to everyone is counted. */
export const AUDIENCE_FRESH_MS = 15 * 60_000;
