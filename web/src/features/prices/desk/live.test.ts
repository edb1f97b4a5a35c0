import { describe, expect, it } from 'vitest';
import type { PriceDay } from '@contracts/prices/price-desk';
import { deskRow, isRowChanged, setCell } from './grid';
import { receiveDay } from './live';

const ME = '1';
const OTHER = '2';
const grades = (regular: number) => ({ regular, premium: 5, diesel: 5, renew_99: 5, b_20: 4.5 });
const saved = (by: string, at: number, regular: number): PriceDay => ({
  ...grades(regular),
  at,
  by,
});
const read = (at: number, regular: number): PriceDay => ({ ...grades(regular), at });
/** Row 5:1 as loaded: 4.00 saved by ME at 100, the previous day 3.90. */
const loaded = deskRow(5, 1, grades(4), grades(3.9), { at: 100, by: ME });
const typed = setCell([loaded], 0, 'regular', '4.2')[0] ?? loaded;

describe("another admin's save reaching the desk", () => {
  it('replaces an unchanged row: their prices, as saved, by them, the previous day kept', () => {
    const received = receiveDay(loaded, saved(OTHER, 200, 4.1), ME);
    expect(received).toMatchObject({ kind: 'replace', by: OTHER });
    if (received.kind !== 'replace') return;
    expect(received.row.values.regular).toBe('4.1');
    expect(isRowChanged(received.row)).toBe(false);
    expect(received.row.written).toEqual({ at: 200, by: OTHER });
    expect(received.row.previous?.regular).toBe('3.9');
  });

  it('keeps the typing of a changed row and names who saved, leaving its save to ask first', () => {
    expect(receiveDay(typed, saved(OTHER, 200, 4.1), ME)).toEqual({ kind: 'kept', by: OTHER });
  });

  it('ignores this admin’s own save and the write the row was read with', () => {
    expect(receiveDay(loaded, saved(ME, 300, 4.4), ME)).toEqual({ kind: 'none' });
    expect(receiveDay(typed, saved(ME, 100, 4), ME)).toEqual({ kind: 'none' });
    const theirs = deskRow(5, 1, grades(4), null, { at: 100, by: OTHER });
    expect(receiveDay(theirs, saved(OTHER, 100, 4), ME)).toEqual({ kind: 'none' });
  });

  it('takes a read day into an unchanged row only when its prices are new, naming nobody', () => {
    expect(receiveDay(loaded, read(300, 4), ME)).toEqual({ kind: 'none' });
    const received = receiveDay(loaded, read(300, 4.3), ME);
    expect(received).toMatchObject({ kind: 'replace' });
    expect(received).not.toHaveProperty('by');
    if (received.kind === 'replace') expect(received.row.written).toEqual(loaded.written);
    expect(receiveDay(typed, read(300, 4.3), ME)).toEqual({ kind: 'none' });
  });
});
