import { describe, expect, it } from 'vitest';
import { daysBefore, losAngelesDay } from './time.js';

describe('losAngelesDay', () => {
  it('is still yesterday in Los Angeles shortly after midnight UTC', () => {
    expect(losAngelesDay(Date.parse('2024-03-01T05:00:00Z'))).toBe('2024-02-29');
    expect(losAngelesDay(Date.parse('2024-03-01T09:00:00Z'))).toBe('2024-03-01');
  });

  it('follows daylight saving time (UTC-7 in summer)', () => {
    expect(losAngelesDay(Date.parse('2024-07-01T06:59:00Z'))).toBe('2024-06-30');
    expect(losAngelesDay(Date.parse('2024-07-01T07:00:00Z'))).toBe('2024-07-01');
  });
});

describe('daysBefore', () => {
  it('crosses months and years', () => {
    expect(daysBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(daysBefore('2025-01-15', 30)).toBe('2024-12-16');
  });
});
