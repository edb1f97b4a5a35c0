import { describe, expect, it } from 'vitest';
import type { PriceDay } from '@contracts/prices/price-desk';
import { findConflicts, settleRows } from './conflicts';
import { deskRow, isRowChanged, setCell } from './grid';

const ME = '1';
const OTHER = '2';
const day = (by: string, at: number, regular = 4): PriceDay => ({
  regular,
  premium: 5,
  diesel: 5,
  renew_99: 5,
  b_20: 4.5,
  at,
  by,
});
/** Row 5:1 as read with `read` in the history, its regular price typed as 4.2. */
const typed = (read: PriceDay | null) =>
  setCell(
    [deskRow(5, 1, read, null, read?.by === undefined ? null : { at: read.at, by: read.by })],
    0,
    'regular',
    '4.2',
  );

describe('a save over rows another admin saved since the desk read them', () => {
  it('finds a row whose day another admin wrote after the desk read it', () => {
    const rows = typed(day(ME, 100));
    const now = new Map([['5:1', day(OTHER, 200, 3.9)]]);
    expect(findConflicts(rows, now, ME)).toEqual([
      { key: '5:1', by: OTHER, at: 200, prices: day(OTHER, 200, 3.9) },
    ]);
  });

  it('finds a row with no saved day at load that another admin has saved since', () => {
    expect(findConflicts(typed(null), new Map([['5:1', day(OTHER, 200)]]), ME)).toHaveLength(1);
  });

  it('lets a row through whose day is still the one the desk read', () => {
    const read = day(OTHER, 100);
    expect(findConflicts(typed(read), new Map([['5:1', read]]), ME)).toEqual([]);
  });

  it('lets through a row whose last write is the admin’s own (an earlier save of this desk)', () => {
    expect(findConflicts(typed(day(OTHER, 100)), new Map([['5:1', day(ME, 300)]]), ME)).toEqual([]);
  });

  it('lets through a row still unsaved by anyone, or unknown to the history', () => {
    expect(findConflicts(typed(null), new Map([['5:1', null]]), ME)).toEqual([]);
    expect(findConflicts(typed(null), new Map(), ME)).toEqual([]);
  });

  it('lets through a row whose day was kept from a read, which is nobody’s save', () => {
    const { by: _nobody, ...read } = day(OTHER, 200, 3.9);
    expect(findConflicts(typed(null), new Map([['5:1', read]]), ME)).toEqual([]);
  });

  it('lets through a row where the other admin saved exactly the prices typed', () => {
    const rows = typed(day(ME, 100));
    expect(findConflicts(rows, new Map([['5:1', day(OTHER, 200, 4.2)]]), ME)).toEqual([]);
  });
});

describe('the rows once the admin has chosen', () => {
  const theirs = day(OTHER, 200, 3.9);
  const conflict = { key: '5:1', by: OTHER, at: 200, prices: theirs };
  const rows = [...typed(day(ME, 100)), ...setCell([deskRow(6, 1, null, null)], 0, 'regular', '4')];

  it('keeps theirs: their prices in the row, which is no longer changed; other rows stay', () => {
    const [kept, other] = settleRows(rows, [conflict], false);
    expect(kept?.values.regular).toBe('3.9');
    expect(kept && isRowChanged(kept)).toBe(false);
    expect(other).toBe(rows[1]);
  });

  it('overwrites: the typed prices stay, and the row asks no more about that save', () => {
    const [overwritten] = settleRows(rows, [conflict], true);
    expect(overwritten?.values.regular).toBe('4.2');
    expect(findConflicts(overwritten ? [overwritten] : [], new Map([['5:1', theirs]]), ME)).toEqual(
      [],
    );
  });
});
