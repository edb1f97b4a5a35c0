import * as z from 'zod/mini';

/**
 * Scalars as the upstream may send them. The original API is a Laravel application over MySQL:
 * without a cast, integer and DECIMAL columns reach JSON as text ("12", "3.290"), booleans as
 * 1/0, and DATETIME columns as zone-less text in the database's zone. Each is read here once
 * and handed on in one form: numbers as numbers, times as ISO 8601 in UTC.
 */

const INTEGER_TEXT = /^\s*-?\d+\s*$/;
const DECIMAL_TEXT = /^\s*-?(\d+\.?\d*|\.\d+)\s*$/;

/** An integer: 12 or "12". */
export const upstreamInt = z.pipe(
  z.union([z.int(), z.string().check(z.regex(INTEGER_TEXT))]),
  z.transform((value: number | string) => Number(value)),
);

/** A number: 3.29, "3.290" or "3". */
export const upstreamNumber = z.pipe(
  z.union([z.number(), z.string().check(z.regex(DECIMAL_TEXT))]),
  z.transform((value: number | string) => Number(value)),
);

const TRUE_VALUES = new Set<unknown>([true, 1, '1', 'true']);
const FALSE_VALUES = new Set<unknown>([false, 0, '0', 'false']);

/** A flag: true, 1, "1" or "true", and their opposites. */
export const upstreamFlag = z.pipe(
  z.unknown().check(
    z.refine((value) => TRUE_VALUES.has(value) || FALSE_VALUES.has(value), {
      message: 'Expected a flag: true/false, 1/0, "1"/"0"',
    }),
  ),
  z.transform((value: unknown) => TRUE_VALUES.has(value)),
);

// 2026-11-28 14:03, 2026-11-28T14:03:00, 2026-11-28 14:03:00.123456: a time with no zone.
const ZONELESS_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?(\.\d+)?$/;

/**
 * A point in time. A zone-less date and time is in UTC (MySQL's DATETIME as Laravel stores it
 * by default); one with a zone or offset keeps it; microseconds are cut to milliseconds. Read
 * as ISO 8601 in UTC, which every browser parses alike (a zone-less string would be read in
 * the browser's own zone). A date alone, or text that is no time, is kept as it came.
 */
export function normaliseTime(value: string): string {
  const text = value.trim();
  const zoneless = ZONELESS_TIME.exec(text);
  if (!zoneless && !/T?\d{2}:\d{2}/.test(text)) return value;
  const iso = zoneless
    ? `${zoneless[1]}T${zoneless[2]}${zoneless[3] ?? ':00'}${zoneless[4] ?? ''}Z`
    : text;
  const time = Date.parse(iso.replace(/(\.\d{3})\d+/, '$1'));
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

export const upstreamTime = z.pipe(z.string(), z.transform(normaliseTime));

/** A calendar day, YYYY-MM-DD: "2026-11-28", or the day of a date cast ("2026-11-28T00:00:00Z"). */
export const upstreamDay = z.pipe(
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}(?![\d])/)),
  z.transform((value: string) => value.slice(0, 10)),
);

/** A list read item by item: what parses, and how many items did not. */
export interface Listed<T> {
  readonly items: T[];
  readonly skipped: number;
}

/**
 * A list whose unreadable items are left out and counted rather than failing the whole reply:
 * one odd record upstream (a relation gone, a column the product does not know) must not hide
 * the hundreds beside it. Only a reply that is no list at all fails.
 */
export function listOf<T>(item: z.ZodMiniType<T>) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((rows: unknown[]): Listed<T> => {
      const items: T[] = [];
      for (const row of rows) {
        const read = z.safeParse(item, row);
        if (read.success) items.push(read.data);
      }
      return { items, skipped: rows.length - items.length };
    }),
  );
}
