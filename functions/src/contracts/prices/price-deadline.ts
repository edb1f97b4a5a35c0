import * as z from 'zod/mini';
import { dayAfter, fromLosAngeles } from './los-angeles.js';

/**
 * The daily price deadline (docs/product.md, "Price deadline"): by a Los Angeles time of the
 * day before, each group's and payment type's prices for the next day should be saved. The
 * functions keep an index of the days the price history holds, so the desk and the menu count
 * what is missing without reading the whole history.
 */

/** `HH:MM`, 24-hour, Los Angeles time. */
export const deadlineTimeSchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));

/** The deadline of a deployment that never set one. */
export const PRICE_DEADLINE_DEFAULT = '17:00';

/** The reminder goes out this long before the deadline, while rows are missing. */
export const DEADLINE_REMINDER_LEAD_MS = 3_600_000;

export const deadlinePaths = {
  /**
   * priceDays/{YYYY-MM-DD}/{groupId}:{typeId} = true: the rows whose day the price history
   * holds (saved or read through the product). Written by the functions with the history.
   */
  priceDay: (day: string) => `priceDays/${day}`,
  /** priceReminders/{YYYY-MM-DD} = ms: when the reminder of that day's deadline went out. */
  priceReminder: (day: string) => `priceReminders/${day}`,
} as const;

/** The index entry of one row's day, as `{path: true}` to write with the day itself. */
export const priceDayIndexEntry = (groupId: string, typeId: string, day: string) => ({
  [`${deadlinePaths.priceDay(day)}/${groupId}:${typeId}`]: true,
});

/** The instant (UTC ms) prices for `day` are due: the deadline time of the day before. */
export function dueAt(day: string, time: string): number {
  const due = fromLosAngeles({ date: dayAfter(day, -1), time });
  // A deadline in the hour spring skips: the first minute after it.
  return due ?? (fromLosAngeles({ date: dayAfter(day, -1), time: '03:00' }) as number);
}

/** Whether a save made at `at` of prices for `day` came after their deadline. */
export const isLate = (day: string, time: string, at: number) => at > dueAt(day, time);

const rowSet = z.record(z.string(), z.literal(true));

/**
 * The rows (`{groupId}:{typeId}`) that had a day in the history before and have none for the
 * day after it, sorted: what is missing for tomorrow, from the index of today and tomorrow.
 */
export function missingRows(before: unknown, day: unknown): string[] {
  const had = rowSet.safeParse(before);
  const has = rowSet.safeParse(day);
  const saved = has.success ? has.data : {};
  return had.success
    ? Object.keys(had.data)
        .filter((row) => !saved[row])
        .sort()
    : [];
}
