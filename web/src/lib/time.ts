import { DATE_LOCALE, TIME_ZONE } from './constants';

/** Dates and times as the product shows them: Los Angeles time, en-US. */

const dateTime = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const longDate = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const shortDate = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
const time = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const isoDateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

type DateInput = Date | number | string;

function toDate(input: DateInput): Date {
  return input instanceof Date ? input : new Date(input);
}

/** "Nov 22, 2025, 3:04 PM" */
export function formatDateTime(input: DateInput): string {
  return dateTime.format(toDate(input));
}

/** "Saturday, November 22, 2025" */
export function formatLongDate(input: DateInput): string {
  return longDate.format(toDate(input));
}

/** "Nov 22, 2025" */
export function formatShortDate(input: DateInput): string {
  return shortDate.format(toDate(input));
}

/** "3:04 PM" */
export function formatTime(input: DateInput): string {
  return time.format(toDate(input));
}

/** The calendar day in Los Angeles as YYYY-MM-DD (the fuel-price date). */
export function isoDateInLosAngeles(input: DateInput): string {
  return isoDateParts.format(toDate(input));
}

export type TimeAgo = { unit: 'today' } | { unit: 'd' | 'h' | 'm'; value: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Whole days, else whole hours, else whole minutes since `from`; under a minute (or in the
 * future, from a skewed clock) it is "Today".
 */
export function timeAgo(from: DateInput, now: DateInput): TimeAgo {
  const elapsed = toDate(now).getTime() - toDate(from).getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return { unit: 'today' };
  if (elapsed >= DAY) return { unit: 'd', value: Math.floor(elapsed / DAY) };
  if (elapsed >= HOUR) return { unit: 'h', value: Math.floor(elapsed / HOUR) };
  return { unit: 'm', value: Math.floor(elapsed / MINUTE) };
}

type Translate = (
  key: 'TIME.TODAY' | 'TIME.DAYS_AGO' | 'TIME.HOURS_AGO' | 'TIME.MINUTES_AGO',
  options?: { value: number },
) => string;

/** "3d ago", "5h ago", "12m ago" or "Today", through the common TIME.* strings. */
export function formatTimeAgo(from: DateInput, now: DateInput, t: Translate): string {
  const ago = timeAgo(from, now);
  switch (ago.unit) {
    case 'today':
      return t('TIME.TODAY');
    case 'd':
      return t('TIME.DAYS_AGO', { value: ago.value });
    case 'h':
      return t('TIME.HOURS_AGO', { value: ago.value });
    case 'm':
      return t('TIME.MINUTES_AGO', { value: ago.value });
  }
}
