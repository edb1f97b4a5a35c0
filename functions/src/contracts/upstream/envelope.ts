import * as z from 'zod/mini';
import { upstreamFlag } from './upstream-values.js';

/**
 * The upstream's reply envelope. `message` is a string, or, for validation
 * errors, an object of lists per field (the fuel-price save shows each one).
 */
export const envelopeMessageSchema = z.union([
  z.string(),
  z.array(z.string()),
  z.record(z.string(), z.array(z.string())),
]);
export type EnvelopeMessage = z.infer<typeof envelopeMessageSchema>;

export const metadataSchema = z.object({
  success: upstreamFlag,
  message: z._default(envelopeMessageSchema, ''),
});

export function envelopeSchema<T extends z.core.$ZodType>(payload: T) {
  return z.object({ metadata: metadataSchema, payload: payload });
}

/** A reply whose payload we do not read (deletes, status changes). */
// Failure envelopes (the api function's 502/504, some upstream errors) carry no payload.
export const bareEnvelopeSchema = z.object({
  metadata: metadataSchema,
  payload: z.optional(z.unknown()),
});

/**
 * The payload of a reply that did what was asked: a 2xx whose envelope says `success`.
 * Undefined for anything else: a refusal, a redirect, a failure, a body that is no envelope.
 */
export function succeededPayload(status: number, json: unknown): { payload: unknown } | undefined {
  if (status < 200 || status >= 300) return undefined;
  const envelope = bareEnvelopeSchema.safeParse(json);
  return envelope.success && envelope.data.metadata.success
    ? { payload: envelope.data.payload }
    : undefined;
}

/** A reply's body as the proxy read it: JSON, nothing at all, or something else. */
export type ReplyBody = { kind: 'json'; json: unknown } | { kind: 'empty' } | { kind: 'other' };

/**
 * Whether a write did what was asked, with the record its reply echoes (undefined for none).
 * Done on a 2xx whose envelope says success, a 2xx JSON body that is no envelope (the bare
 * model, as a Laravel resource sends it) or a 2xx with no body; anything else is not.
 */
export function writeSucceeded(status: number, body: ReplyBody): { record: unknown } | undefined {
  if (status < 200 || status >= 300 || body.kind === 'other') return undefined;
  if (body.kind === 'empty') return { record: undefined };
  const envelope = bareEnvelopeSchema.safeParse(body.json);
  if (!envelope.success) return { record: body.json };
  return envelope.data.metadata.success ? { record: envelope.data.payload } : undefined;
}

/**
 * A Laravel refusal outside the envelope: `{message}` for 401/403/404/500, and for a failed
 * validation (422) `{message, errors: {field: [messages]}}`.
 */
export const laravelRefusalSchema = z.object({
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});

/**
 * What a refusal's body says: the envelope's message when it reports no success, else Laravel's
 * messages per field, else its message. Undefined for a body that is neither.
 */
export function refusalMessage(json: unknown): EnvelopeMessage | undefined {
  const envelope = bareEnvelopeSchema.safeParse(json);
  if (envelope.success) {
    return envelope.data.metadata.success ? undefined : envelope.data.metadata.message;
  }
  const refusal = laravelRefusalSchema.safeParse(json);
  if (!refusal.success) return undefined;
  return refusal.data.errors ?? refusal.data.message;
}

/** Flattens any message shape to the lines a user should read, in order. */
export function messageLines(message: EnvelopeMessage | undefined): string[] {
  if (message === undefined || message === '') return [];
  if (typeof message === 'string') return [message];
  if (Array.isArray(message)) return message;
  return Object.values(message).flat();
}
