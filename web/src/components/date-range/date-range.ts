import * as z from 'zod/mini';
import { isoDateInLosAngeles } from '@/lib/time';
import type { TimeRange } from '@/components/data-table/time-paging';

const HOUR = 3_600_000;

/** A date input's value: a calendar day, or empty for an open end. */
export const dayInputSchema = z.union([
  z.literal(''),
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
]);

/** When the day `iso` (YYYY-MM-DD) starts in Los Angeles, where the history's times are shown. */
export function startOfDay(iso: string): number {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const utcMidnight = Date.UTC(year, month - 1, day);
  // Los Angeles is 8 hours behind UTC, or 7 in summer time; the day starts at one of them.
  const summer = utcMidnight + 7 * HOUR;
  return isoDateInLosAngeles(summer) === iso ? summer : utcMidnight + 8 * HOUR;
}

const nextDay = (iso: string) => {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
};

/**
 * The times from the start of day `from` to the end of day `to`, both in Los Angeles and both
 * included; an empty or malformed input leaves that end open.
 */
export function dayRange(from: string, to: string): TimeRange {
  const start = dayInputSchema.safeParse(from);
  const end = dayInputSchema.safeParse(to);
  return {
    ...(start.success && start.data ? { from: startOfDay(start.data) } : {}),
    ...(end.success && end.data ? { to: startOfDay(nextDay(end.data)) - 1 } : {}),
  };
}
