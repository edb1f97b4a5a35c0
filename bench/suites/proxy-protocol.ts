import { z } from 'zod';
import { memorySchema } from '../support/child.ts';

/** Messages between proxy-process.ts and the proxy's own process (proxy-child.ts). */
export const proxyCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    upstreamUrl: z.url(),
    /** Collect garbage this often, so the meter sees live memory rather than uncollected chunks. */
    gcEveryMs: z.number().int().positive().optional(),
    /** Read each body whole before handling it, as Cloud Functions does. */
    wholeBodies: z.boolean().optional(),
  }),
  /** Collect garbage, then start a new peak from the memory now. */
  z.object({ type: z.literal('reset') }),
  z.object({ type: z.literal('peak') }),
]);
export type ProxyCommand = z.infer<typeof proxyCommandSchema>;

export const proxyReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('listening'), port: z.number().int() }),
  z.object({ type: z.literal('reset'), memory: memorySchema }),
  z.object({ type: z.literal('peak'), memory: memorySchema }),
]);
export type ProxyReply = z.infer<typeof proxyReplySchema>;
