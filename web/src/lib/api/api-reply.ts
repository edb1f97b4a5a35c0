import * as z from 'zod/mini';
import {
  laravelRefusalSchema,
  messageLines,
  metadataSchema,
  type EnvelopeMessage,
} from '@contracts/upstream/envelope';

/**
 * Reading the envelope needs zod, which the sign-in page does not download up front: the API
 * client loads this module with its first request.
 */
// Failures often come without a payload at all (the api function's 502/504 envelopes).
const envelopeHeadSchema = z.object({
  metadata: metadataSchema,
  payload: z.optional(z.unknown()),
});

/** Each field's first message, for the form to show under that field. */
export type FieldErrors = Readonly<Record<string, string>>;

export type ReplyHead =
  | { kind: 'envelope'; success: boolean; lines: string[]; fields: FieldErrors; payload: unknown }
  /** `{message}` alone or with `errors`: a refusal when the status says so. */
  | { kind: 'refusal'; lines: string[]; fields: FieldErrors; json: unknown }
  /** JSON that is no envelope: a write's bare model. */
  | { kind: 'json'; json: unknown }
  /** No body at all (204, or an empty 2xx). */
  | { kind: 'empty' }
  | { kind: 'unreadable' };

function firstPerField(errors: Record<string, string[]>): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, [first]]) => (first ? [[field, first]] : [])),
  );
}

function fieldsOf(message: EnvelopeMessage): FieldErrors {
  return typeof message === 'object' && !Array.isArray(message) ? firstPerField(message) : {};
}

export function readReplyHead(text: string): ReplyHead {
  if (text.trim() === '') return { kind: 'empty' };
  let json: unknown;
  try {
    json = JSON.parse(text) as unknown;
  } catch {
    return { kind: 'unreadable' };
  }
  const head = envelopeHeadSchema.safeParse(json);
  if (head.success) {
    return {
      kind: 'envelope',
      success: head.data.metadata.success,
      lines: messageLines(head.data.metadata.message),
      fields: fieldsOf(head.data.metadata.message),
      payload: head.data.payload,
    };
  }
  const refusal = laravelRefusalSchema.safeParse(json);
  if (refusal.success) {
    return {
      kind: 'refusal',
      lines: refusal.data.message ? [refusal.data.message] : [],
      fields: firstPerField(refusal.data.errors ?? {}),
      json,
    };
  }
  return { kind: 'json', json };
}
