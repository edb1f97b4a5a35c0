import { describe, expect, it } from 'vitest';
import { dayAfter, fromLosAngeles, losAngelesDay, toLosAngeles } from './los-angeles.js';

const utc = (iso: string) => Date.parse(iso);

describe('Los Angeles time', () => {
  it('reads a summer time as seven hours behind UTC and a winter time as eight', () => {
    expect(fromLosAngeles({ date: '2026-07-04', time: '09:30' })).toBe(utc('2026-07-04T16:30:00Z'));
    expect(fromLosAngeles({ date: '2026-12-24', time: '18:00' })).toBe(utc('2026-12-25T02:00:00Z'));
    expect(toLosAngeles(utc('2026-12-25T02:00:00Z'))).toEqual({
      date: '2026-12-24',
      time: '18:00',
    });
  });

  it('crosses the spring change: 01:59 is winter time, 03:00 summer time, 02:30 never happens', () => {
    expect(fromLosAngeles({ date: '2026-03-08', time: '01:59' })).toBe(utc('2026-03-08T09:59:00Z'));
    expect(fromLosAngeles({ date: '2026-03-08', time: '03:00' })).toBe(utc('2026-03-08T10:00:00Z'));
    expect(fromLosAngeles({ date: '2026-03-08', time: '02:30' })).toBeNull();
  });

  it('takes the first of the hour lived twice in autumn, and the winter one after it', () => {
    expect(fromLosAngeles({ date: '2026-11-01', time: '01:30' })).toBe(utc('2026-11-01T08:30:00Z'));
    expect(toLosAngeles(utc('2026-11-01T09:30:00Z'))).toEqual({
      date: '2026-11-01',
      time: '01:30',
    });
    expect(fromLosAngeles({ date: '2026-11-01', time: '02:00' })).toBe(utc('2026-11-01T10:00:00Z'));
  });

  it('names the day in Los Angeles, behind UTC, and counts days across month ends', () => {
    expect(losAngelesDay(utc('2026-12-01T07:59:00Z'))).toBe('2026-11-30');
    expect(losAngelesDay(utc('2026-12-01T08:00:00Z'))).toBe('2026-12-01');
    expect(dayAfter('2026-02-28')).toBe('2026-03-01');
    expect(dayAfter('2026-03-01', -1)).toBe('2026-02-28');
  });
});
