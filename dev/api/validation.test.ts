import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ValidationError } from './envelope.js';
import {
  decimal,
  email,
  isCalendarDay,
  isHttpUrl,
  normalizeFields,
  oneOf,
  optionalHttpUrl,
  recordId,
  text,
  validate,
} from './validation.js';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  try {
    validate(schema, input);
  } catch (error) {
    if (error instanceof ValidationError) return error.fields;
    throw error;
  }
  return null;
};

describe('Laravel-worded validation', () => {
  it('reports every failing rule of every field', () => {
    const schema = z.object({ email: email(), title: text('title', { max: 5 }) });
    expect(errorsOf(schema, { email: 'a', title: 'too long' })).toEqual({
      email: [
        'The email field must be at least 3 characters.',
        'The email field must be a valid email address.',
      ],
      title: ['The title field must not be greater than 5 characters.'],
    });
  });

  it('says a missing or null field is required, and a wrong type is wrong', () => {
    const schema = z.object({
      fuel_price_type_id: recordId('fuel_price_type_id'),
      name: text('name', { max: 9 }),
    });
    expect(errorsOf(schema, { fuel_price_type_id: null, name: 7 })).toEqual({
      fuel_price_type_id: ['The fuel price type id field is required.'],
      name: ['The name field must be a string.'],
    });
  });

  it('reads numbers from form text, as PHP is_numeric does', () => {
    const schema = z.object({ regular: decimal('regular', { min: 0 }) });
    expect(validate(schema, { regular: '4.799' })).toEqual({ regular: 4.799 });
    expect(validate(schema, { regular: '.5' })).toEqual({ regular: 0.5 });
    expect(errorsOf(schema, { regular: '4,79' })).toEqual({
      regular: ['The regular field must be a number.'],
    });
    expect(errorsOf(schema, { regular: '-0.01' })).toEqual({
      regular: ['The regular field must be at least 0.'],
    });
  });

  it('checks one-of values and integer ids', () => {
    expect(errorsOf(z.object({ status: oneOf('status', [1, 2, 3]) }), { status: '4' })).toEqual({
      status: ['The selected status is invalid.'],
    });
    expect(validate(z.object({ status: oneOf('status', [1, 2, 3]) }), { status: '2' })).toEqual({
      status: 2,
    });
    expect(errorsOf(z.object({ id: recordId('id') }), { id: '1.5' })).toEqual({
      id: ['The id field must be an integer.'],
    });
  });

  it('takes an optional link as none when absent or null, and checks one that is given', () => {
    const schema = z.object({ url: optionalHttpUrl('url') });
    expect(validate(schema, {})).toEqual({ url: null });
    expect(validate(schema, { url: null })).toEqual({ url: null });
    expect(validate(schema, { url: 'https://x.io/a.pdf' })).toEqual({ url: 'https://x.io/a.pdf' });
    expect(errorsOf(schema, { url: 'ftp://x.io/a.pdf' })).toEqual({
      url: ['The url field must be a valid URL.'],
    });
  });
});

describe('normalizeFields', () => {
  it('trims text and turns empty text into null, except passwords', () => {
    expect(
      normalizeFields({
        name: '  Ana ',
        note: '   ',
        ids: [' 1 ', ''],
        password: ' secret ',
        n: 3,
      }),
    ).toEqual({
      name: 'Ana',
      note: null,
      ids: ['1', null],
      password: ' secret ',
      n: 3,
    });
  });
});

describe('formats', () => {
  it('knows real calendar days', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2023-02-29')).toBe(false);
    expect(isCalendarDay('2024-2-9')).toBe(false);
    expect(isCalendarDay('03/02/2024')).toBe(false);
  });

  it('accepts only http and https URLs', () => {
    expect(isHttpUrl('https://example.com/a.pdf')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('file:///etc/passwd')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
  });
});
