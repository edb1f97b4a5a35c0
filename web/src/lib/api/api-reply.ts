import * as z from 'zod/mini';
import { messageLines, metadataSchema } from '@contracts/envelope';

/**
 * Reading the envelope needs zod, which the sign-in page does not download up front: the API
 * client loads this module with its first request.
 */
// Failures often come without a payload at all (the api function's 502/504 envelopes).
const envelopeHeadSchema = z.object({
  metadata: metadataSchema,
  payload: z.optional(z.unknown()),
});

export type ReplyHead =
  { envelope: true; success: boolean; lines: string[]; payload: unknown } | { envelope: false };

export function readReplyHead(text: string): ReplyHead {
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    return { envelope: false };
  }
  const head = envelopeHeadSchema.safeParse(json);
  if (!head.success) return { envelope: false };
  return {
    envelope: true,
    success: head.data.metadata.success,
    lines: messageLines(head.data.metadata.message),
    payload: head.data.payload,
  };
}
