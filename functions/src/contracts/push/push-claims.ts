import * as z from 'zod/mini';

const count = z.int().check(z.nonnegative());

/**
 * pushClaims/{kind}/{id}: one push's claim. `sending` while an invocation (`by`, claimed at `at`
 * in ms) sends it, with what is done so far: the audience's first `pages` pages and their counts;
 * `done` once every device has been tried. An alert to everyone is sent in chunks, each with its
 * claim at `alertChunks/{alertId}/{index}`. No client reads or writes any of them.
 */
export const pushClaimSchema = z.object({
  state: z.enum(['sending', 'done']),
  at: z.number(),
  by: z.string(),
  pages: count,
  sent: count,
  failed: count,
  /** Of the failed, those FCM called dead; absent in claims written before it was counted. */
  permanent: z.optional(count),
  pruned: count,
  /** FCM's reason when it refused the message itself. */
  error: z.optional(z.string()),
  /** A chunk of an alert to everyone: the user key the next chunk starts after, if any. */
  next: z.optional(z.string()),
});
export type PushClaim = z.infer<typeof pushClaimSchema>;

/** outbox/{id} (emulator only): one FCM message the recording sender captured. */
export const outboxEntrySchema = z.object({
  token: z.string(),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    image: z.optional(z.string()),
  }),
  data: z.optional(z.record(z.string(), z.string())),
  at: z.number(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/**
 * pushCounts/{id} (emulator only): one sendEach call the counting sender took instead of FCM,
 * with how many messages it held and the RSS in bytes of the process that made it.
 */
export const pushCountSchema = z.object({ tokens: count, rss: count });
export type PushCount = z.infer<typeof pushCountSchema>;
