/** One day in ms, for dating seed records relative to now. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day (YYYY-MM-DD) in Los Angeles at `now`: the product's time zone. */
export function losAngelesDay(now: number): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The day `days` before `day` (both YYYY-MM-DD). */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
