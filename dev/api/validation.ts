import { z } from 'zod';
import { ValidationError } from './envelope.js';

/**
 * Request validation with Laravel's wording (the real upstream is a Laravel server and the
 * client shows its messages as they come): every failing rule of every field is reported, as
 * a list per field, in a 422 reply.
 */

/** Laravel names a field in its messages with underscores read as spaces. */
export const attribute = (field: string) => field.replaceAll('_', ' ');

const required = (field: string) => `The ${attribute(field)} field is required.`;

function requiredOr(field: string, otherwise: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? required(field) : otherwise;
}

// Laravel's `numeric` accepts what PHP's is_numeric accepts; multipart fields arrive as text.
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const coerceNumeric = (value: unknown) =>
  typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;

export function text(field: string, limits: { min?: number; max: number }) {
  const a = attribute(field);
  const base = z.string({ error: requiredOr(field, `The ${a} field must be a string.`) });
  const withMin =
    limits.min === undefined
      ? base
      : base.min(limits.min, `The ${a} field must be at least ${limits.min} characters.`);
  return withMin.max(
    limits.max,
    `The ${a} field must not be greater than ${limits.max} characters.`,
  );
}

/** The auth fields: 3 to 50 characters. */
export const authText = (field: string) => text(field, { min: 3, max: 50 });

export const email = (field = 'email') =>
  authText(field).regex(
    z.regexes.email,
    `The ${attribute(field)} field must be a valid email address.`,
  );

export const httpUrl = (field: string) =>
  text(field, { max: 2048 }).refine(
    isHttpUrl,
    `The ${attribute(field)} field must be a valid URL.`,
  );

/** A link that may be left out (Laravel's `nullable|url`; '' already reads as null): none is null. */
export const optionalHttpUrl = (field: string) =>
  httpUrl(field)
    .nullish()
    .transform((value) => value ?? null);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function decimal(field: string, limits: { min: number }) {
  const a = attribute(field);
  return z.preprocess(
    coerceNumeric,
    z
      .number({ error: requiredOr(field, `The ${a} field must be a number.`) })
      .min(limits.min, `The ${a} field must be at least ${limits.min}.`),
  );
}

/** A record id given in a body: a positive integer, as a number or numeric text. */
export function recordId(field: string) {
  const a = attribute(field);
  return z.preprocess(
    coerceNumeric,
    z
      .number({ error: requiredOr(field, `The ${a} field must be an integer.`) })
      .int(`The ${a} field must be an integer.`)
      .min(1, `The selected ${a} is invalid.`),
  );
}

/** Laravel's `required|array`: absent, null or an empty list is required; not a list is refused. */
export function requiredList<T extends z.ZodType>(field: string, item: T) {
  return z
    .array(item, { error: requiredOr(field, `The ${attribute(field)} field must be an array.`) })
    .min(1, required(field));
}

export function oneOf<const T extends readonly [number, ...number[]]>(field: string, values: T) {
  const message = `The selected ${attribute(field)} is invalid.`;
  return z.preprocess(
    coerceNumeric,
    z
      .number({ error: requiredOr(field, message) })
      .refine((n): n is T[number] => values.includes(n), message),
  );
}

/** A calendar day written YYYY-MM-DD (Laravel's `date_format:Y-m-d`). */
export const isoDate = (field = 'date') =>
  z
    .string({
      error: requiredOr(field, `The ${attribute(field)} field must match the format Y-m-d.`),
    })
    .refine(isCalendarDay, `The ${attribute(field)} field must match the format Y-m-d.`);

export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Parses `input` or throws the 422 with every message, keyed by field (`user_ids.2` for items). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ValidationError(fieldErrors(result.error));
}

/** zod's issues as Laravel's error bag: messages listed per field, in order. */
export function fieldErrors(error: z.ZodError, into: Record<string, string[]> = {}) {
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (into[key] ??= []).push(issue.message);
  }
  return into;
}

/** Laravel's TrimStrings and ConvertEmptyStringsToNull middleware, passwords left as typed. */
export function normalizeFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = UNTRIMMED.has(key) ? emptyToNull(value) : normalizeValue(value);
  }
  return out;
}

const UNTRIMMED = new Set(['password', 'password_confirmation', 'changepassword']);

function normalizeValue(value: unknown): unknown {
  if (typeof value === 'string') return emptyToNull(value.trim());
  if (Array.isArray(value)) return value.map(normalizeValue);
  return value;
}

const emptyToNull = (value: unknown) => (value === '' ? null : value);
