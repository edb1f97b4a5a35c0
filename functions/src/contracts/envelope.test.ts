import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { bareEnvelopeSchema, envelopeSchema, messageLines, metadataSchema } from './envelope.js';

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
