import { TIME_ZONE } from '../time-zone.js';

/**
 * Los Angeles time (TIME_ZONE), the product's zone: prices are for days there, and a later send
 * is chosen there, whatever the browser's own zone. Intl knows the zone's rules (daylight saving
 * included), so no time library is needed.
 */

/** A wall-clock date and time in Los Angeles, as the date and time inputs give them. */
export interface ZonedTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm, 24-hour */
  time: string;
}

const DAY_MS = 24 * 3600 * 1000;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The Los Angeles date and time (to the minute) of an instant. */
export function toLosAngeles(utcMs: number): ZonedTime {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    wallClock.formatToParts(utcMs).find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** How far Los Angeles is from UTC at an instant, in ms (negative: behind). */
function offsetAt(utcMs: number): number {
  const { date, time } = toLosAngeles(utcMs);
  return asIfUtc({ date, time }) - Math.floor(utcMs / 60_000) * 60_000;
}

/** The wall-clock reading as a UTC instant, or NaN when it is no valid date and time. */
function asIfUtc({ date, time }: ZonedTime): number {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return Number.NaN;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March: such a date does not exist.
  if (back.getUTCDate() !== day || back.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) {
    return Number.NaN;
  }
  return ms;
}

/**
 * The UTC instant of a Los Angeles wall-clock time; null when it is not a date and time, or
 * when that zone skips it (the hour clocks jump in spring). An hour the zone lives twice (in
 * autumn) is its first occurrence, the daylight one.
 */
export function fromLosAngeles(local: ZonedTime): number | null {
  const naive = asIfUtc(local);
  if (Number.isNaN(naive)) return null;
  // The zone's offsets a day either side: around a change, the two it changes between.
  const offsets = new Set([offsetAt(naive - DAY_MS), offsetAt(naive + DAY_MS)]);
  const matches = [...offsets]
    .map((offset) => naive - offset)
    .filter((utc) => {
      const back = toLosAngeles(utc);
      return back.date === local.date && back.time === local.time;
    })
    .sort((a, b) => a - b);
  return matches[0] ?? null;
}

/** Whether a wall-clock reading is a date and time at all (whether or not the zone lives it). */
export const isWallClock = (local: ZonedTime) => !Number.isNaN(asIfUtc(local));

/** The calendar day (YYYY-MM-DD) in Los Angeles at an instant. */
export const losAngelesDay = (utcMs: number) => toLosAngeles(utcMs).date;

/** The day `days` after a YYYY-MM-DD day (before it, for a negative count). */
export function dayAfter(day: string, days = 1): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
