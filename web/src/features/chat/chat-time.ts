import { DATE_LOCALE, TIME_ZONE } from '@/lib/constants';
import { formatDateTime, formatLongDate, isoDateInLosAngeles } from '@/lib/time';

/** Chat times in Los Angeles, en-US, as everywhere in the app: the clock on a message, the day above it. */
const clock = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

/** "3:04 PM" */
export function formatClock(time: number): string {
  return clock.format(time);
}

const days = new WeakMap<object, string>();

/**
 * The calendar day in Los Angeles of a message, to put a day heading where the day changes.
 * Remembered per message: the list asks for every loaded message's day whenever it re-measures.
 */
export function dayOf(message: { timeStamp: number }): string {
  let day = days.get(message);
  if (day === undefined) {
    day = isoDateInLosAngeles(message.timeStamp);
    days.set(message, day);
  }
  return day;
}
/** "Saturday, November 22, 2025" */
export const formatDay = formatLongDate;
/** "Nov 22, 2025, 3:04 PM" (the full time, for a tooltip). */
export const formatFull = formatDateTime;
