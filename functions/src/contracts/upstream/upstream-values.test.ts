import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  listOf,
  normaliseTime,
  upstreamFlag,
  upstreamInt,
  upstreamNumber,
} from './upstream-values.js';

describe('numbers as the upstream sends them', () => {
  it('reads integers given as numbers or as text of digits', () => {
    expect(upstreamInt.parse(12)).toBe(12);
    expect(upstreamInt.parse('12')).toBe(12);
    expect(upstreamInt.parse('-3')).toBe(-3);
    for (const bad of ['', '1.5', '1e3', 'twelve', 1.5, null]) {
      expect(upstreamInt.safeParse(bad).success).toBe(false);
    }
  });

  it('reads DECIMAL text as a number', () => {
    expect(upstreamNumber.parse('3.290')).toBe(3.29);
    expect(upstreamNumber.parse('3')).toBe(3);
    expect(upstreamNumber.parse(3.29)).toBe(3.29);
    for (const bad of ['', '.', 'abc', '3,29', null]) {
      expect(upstreamNumber.safeParse(bad).success).toBe(false);
    }
  });

  it('reads a flag given as a boolean, a number or text', () => {
    for (const yes of [true, 1, '1', 'true']) expect(upstreamFlag.parse(yes)).toBe(true);
    for (const no of [false, 0, '0', 'false']) expect(upstreamFlag.parse(no)).toBe(false);
    for (const bad of [2, 'yes', null, undefined]) {
      expect(upstreamFlag.safeParse(bad).success).toBe(false);
    }
  });
});

describe('normaliseTime', () => {
  it('reads a zone-less date and time as UTC', () => {
    expect(normaliseTime('2025-03-01 18:30:05')).toBe('2025-03-01T18:30:05.000Z');
    expect(normaliseTime('2025-03-01T18:30')).toBe('2025-03-01T18:30:00.000Z');
  });

  it('cuts microseconds to milliseconds, with or without a zone', () => {
    expect(normaliseTime('2025-03-01 18:30:05.123456')).toBe('2025-03-01T18:30:05.123Z');
    expect(normaliseTime('2025-03-01T18:30:05.123456Z')).toBe('2025-03-01T18:30:05.123Z');
  });

  it('keeps the zone or offset it is given', () => {
    expect(normaliseTime('2025-03-01T18:30:05+02:00')).toBe('2025-03-01T16:30:05.000Z');
    expect(normaliseTime('2025-03-01T18:30:05.000Z')).toBe('2025-03-01T18:30:05.000Z');
  });

  it('keeps a date alone, and text that is no time, as they came', () => {
    expect(normaliseTime('2025-03-01')).toBe('2025-03-01');
    expect(normaliseTime('yesterday')).toBe('yesterday');
    expect(normaliseTime('2025-99-99 99:99')).toBe('2025-99-99 99:99');
  });
});

describe('lists read item by item', () => {
  const item = z.object({ id: upstreamInt, name: z.string() });

  it('keeps the items that parse and counts the ones that do not', () => {
    const read = listOf(item).parse([
      { id: '1', name: 'Ann' },
      { id: 2 },
      null,
      { id: 3, name: 'Cy', extra: true },
    ]);
    expect(read).toEqual({
      items: [
        { id: 1, name: 'Ann' },
        { id: 3, name: 'Cy' },
      ],
      skipped: 2,
    });
  });

  it('fails a reply that is no list at all', () => {
    expect(listOf(item).safeParse({ id: 1 }).success).toBe(false);
    expect(listOf(item).safeParse(null).success).toBe(false);
  });
});
