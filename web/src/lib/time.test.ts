import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatLongDate,
  formatTime,
  formatTimeAgo,
  isoDateInLosAngeles,
  timeAgo,
} from './time';

describe('dates in Los Angeles, en-US', () => {
  // 2025-01-16 03:30 UTC is still the 15th in Los Angeles (UTC-8).
  const instant = Date.UTC(2025, 0, 16, 3, 30);

  it('formats the calendar day of Los Angeles, not of UTC', () => {
    expect(formatLongDate(instant)).toBe('Wednesday, January 15, 2025');
    expect(isoDateInLosAngeles(instant)).toBe('2025-01-15');
  });

  it('formats a date and time in en-US', () => {
    expect(formatDateTime(instant)).toBe('Jan 15, 2025, 7:30 PM');
    expect(formatTime(instant)).toBe('7:30 PM');
  });

  it('follows daylight saving time (UTC-7 in summer)', () => {
    expect(formatDateTime(Date.UTC(2025, 6, 1, 19, 5))).toBe('Jul 1, 2025, 12:05 PM');
  });
});

describe('time ago', () => {
  const now = Date.UTC(2025, 0, 15, 12, 0);
  const minute = 60_000;
  const t = (key: string, options?: Record<string, unknown>) =>
    `${key}${options ? `(${String(options.value)})` : ''}`;

  it('says Today under a minute, and for a clock that runs ahead', () => {
    expect(timeAgo(now - 30_000, now)).toEqual({ unit: 'today' });
    expect(timeAgo(now + 5 * minute, now)).toEqual({ unit: 'today' });
  });

  it('counts whole minutes, then hours, then days', () => {
    expect(timeAgo(now - 12 * minute, now)).toEqual({ unit: 'm', value: 12 });
    expect(timeAgo(now - 59 * minute, now)).toEqual({ unit: 'm', value: 59 });
    expect(timeAgo(now - 60 * minute, now)).toEqual({ unit: 'h', value: 1 });
    expect(timeAgo(now - 23 * 60 * minute - 59 * minute, now)).toEqual({ unit: 'h', value: 23 });
    expect(timeAgo(now - 3 * 24 * 60 * minute, now)).toEqual({ unit: 'd', value: 3 });
  });

  it('formats through the translated strings', () => {
    expect(formatTimeAgo(now - 2 * 24 * 60 * minute, now, t)).toBe('TIME.DAYS_AGO(2)');
    expect(formatTimeAgo(now - 5 * 60 * minute, now, t)).toBe('TIME.HOURS_AGO(5)');
    expect(formatTimeAgo(now - 7 * minute, now, t)).toBe('TIME.MINUTES_AGO(7)');
    expect(formatTimeAgo(now, now, t)).toBe('TIME.TODAY');
  });
});
