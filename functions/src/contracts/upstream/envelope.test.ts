import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  bareEnvelopeSchema,
  envelopeSchema,
  messageLines,
  metadataSchema,
  refusalMessage,
  succeededPayload,
  writeSucceeded,
} from './envelope.js';

describe('metadataSchema', () => {
  it('reads success as 1 or true, failure as 0 or false, and a missing message as none', () => {
    expect(metadataSchema.parse({ success: 1 })).toEqual({ success: true, message: '' });
    expect(metadataSchema.parse({ success: true, message: 'ok' })).toEqual({
      success: true,
      message: 'ok',
    });
    expect(metadataSchema.parse({ success: 0 }).success).toBe(false);
    expect(metadataSchema.parse({ success: false }).success).toBe(false);
    expect(metadataSchema.safeParse({ success: 2 }).success).toBe(false);
  });

  it('reads success sent as text, as a Laravel server may', () => {
    expect(metadataSchema.parse({ success: '1' }).success).toBe(true);
    expect(metadataSchema.parse({ success: 'true' }).success).toBe(true);
    expect(metadataSchema.parse({ success: '0' }).success).toBe(false);
    expect(metadataSchema.safeParse({ success: 'yes' }).success).toBe(false);
  });

  it('keeps validation messages per field', () => {
    const message = { price: ['The price must be a number.'] };
    expect(metadataSchema.parse({ success: 0, message }).message).toEqual(message);
  });
});

describe('envelopeSchema', () => {
  it('reads the payload with its schema, and a bare envelope without one', () => {
    const numbers = envelopeSchema(z.array(z.number()));
    expect(numbers.parse({ metadata: { success: 1 }, payload: [1] }).payload).toEqual([1]);
    expect(numbers.safeParse({ metadata: { success: 1 }, payload: ['1'] }).success).toBe(false);
    expect(bareEnvelopeSchema.parse({ metadata: { success: 0, message: 'No' } })).toEqual({
      metadata: { success: false, message: 'No' },
    });
  });
});

describe('messageLines', () => {
  it('gives no line for no message', () => {
    expect(messageLines(undefined)).toEqual([]);
    expect(messageLines('')).toEqual([]);
  });

  it('gives a text as its one line, and a list as its lines', () => {
    expect(messageLines('Saved.')).toEqual(['Saved.']);
    expect(messageLines(['One.', 'Two.'])).toEqual(['One.', 'Two.']);
  });

  it("gives every field's lines in order", () => {
    expect(
      messageLines({
        price: ['The price is required.'],
        date: ['The date is invalid.', 'Too old.'],
      }),
    ).toEqual(['The price is required.', 'The date is invalid.', 'Too old.']);
  });
});

describe('succeededPayload', () => {
  const ok = (payload: unknown) => ({ metadata: { success: 1, message: '' }, payload });

  it('is the payload of a 2xx whose envelope says success, null payloads included', () => {
    expect(succeededPayload(200, ok([1]))).toEqual({ payload: [1] });
    expect(succeededPayload(299, ok(null))).toEqual({ payload: null });
    expect(succeededPayload(204, { metadata: { success: true } })).toEqual({ payload: undefined });
  });

  it.each([
    ['a status before 2xx', 199, ok(1)],
    ['the first status past 2xx', 300, ok(1)],
    ['a refusal', 403, ok(1)],
    ['a success status saying it failed', 200, { metadata: { success: 0 }, payload: 1 }],
    ['a body that is no envelope', 200, [1]],
    ['no body', 200, null],
  ])('is nothing for %s', (_name, status, json) => {
    expect(succeededPayload(status, json)).toBeUndefined();
  });
});

describe('writeSucceeded', () => {
  const json = (value: unknown) => ({ kind: 'json' as const, json: value });

  it('takes a success envelope, a bare model or no body at all as done', () => {
    expect(writeSucceeded(200, json({ metadata: { success: 1 }, payload: { id: 7 } }))).toEqual({
      record: { id: 7 },
    });
    expect(writeSucceeded(201, json({ id: 7, name: 'G' }))).toEqual({
      record: { id: 7, name: 'G' },
    });
    expect(writeSucceeded(204, { kind: 'empty' })).toEqual({ record: undefined });
    expect(writeSucceeded(200, json({ metadata: { success: '1' }, payload: null }))).toEqual({
      record: null,
    });
  });

  it('takes a refusal, an error status or a body that is not JSON as not done', () => {
    expect(writeSucceeded(200, json({ metadata: { success: 0, message: 'No' } }))).toBeUndefined();
    expect(writeSucceeded(422, json({ message: 'Invalid', errors: {} }))).toBeUndefined();
    expect(writeSucceeded(500, { kind: 'empty' })).toBeUndefined();
    expect(writeSucceeded(200, { kind: 'other' })).toBeUndefined();
  });
});

describe('refusalMessage', () => {
  it('reads the envelope’s message, and nothing from an envelope that reports success', () => {
    expect(refusalMessage({ metadata: { success: 0, message: 'Not found.' } })).toBe('Not found.');
    expect(refusalMessage({ metadata: { success: 1, message: 'Saved.' } })).toBeUndefined();
  });

  it('reads Laravel’s messages per field, else its message', () => {
    const errors = { name: ['The name field is required.'] };
    expect(refusalMessage({ message: 'The name field is required.', errors })).toEqual(errors);
    expect(refusalMessage({ message: 'Unauthenticated.' })).toBe('Unauthenticated.');
  });

  it('reads nothing from a body that is neither', () => {
    expect(refusalMessage({ id: 3, name: 'North' })).toBeUndefined();
    expect(refusalMessage('<html>')).toBeUndefined();
  });
});
