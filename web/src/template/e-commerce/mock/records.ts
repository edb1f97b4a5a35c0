import { DATE_LOCALE, TIME_ZONE } from '@/lib/constants';

/** A new record gets the largest id so far plus one (1 in an empty table). */
export function nextId(rows: readonly { id: number }[]): number {
  return rows.reduce((max, row) => Math.max(max, row.id), 0) + 1;
}

const dateParts = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The demo records' date format, MM/DD/YYYY, of a time in Los Angeles (the product's time zone).
 */
export function demoDate(time: number): string {
  const parts = dateParts.formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((item) => item.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}
