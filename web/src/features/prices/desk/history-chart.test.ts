import { describe, expect, it } from 'vitest';
import { CHART_DAYS, dayBefore } from './history-chart';

describe('the chart window', () => {
  it('starts 29 days before the chosen day, across months and leap days', () => {
    expect(dayBefore('2024-03-15', CHART_DAYS - 1)).toBe('2024-02-15');
    expect(dayBefore('2024-03-01', 1)).toBe('2024-02-29');
    expect(dayBefore('2026-01-01', 1)).toBe('2025-12-31');
  });
});
