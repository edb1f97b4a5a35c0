import { describe, expect, it } from 'vitest';
import { deskRow, setCell } from './grid';
import { cellWarnings, gridWarnings } from './warnings';

describe('price warnings', () => {
  it('flags a price outside 0.50 to 20.00', () => {
    expect(cellWarnings('0.49', undefined)).toEqual([{ kind: 'range' }]);
    expect(cellWarnings('20.01', undefined)).toEqual([{ kind: 'range' }]);
    expect(cellWarnings('0.5', undefined)).toEqual([]);
    expect(cellWarnings('20', undefined)).toEqual([]);
  });

  it('flags a change of more than 10% from the previous day, either way', () => {
    expect(cellWarnings('4.41', '4')).toEqual([{ kind: 'jump', previous: 4, share: 0.1025 }]);
    expect(cellWarnings('3.59', '4')).toHaveLength(1);
    expect(cellWarnings('4.4', '4')).toEqual([]);
    expect(cellWarnings('3.6', '4')).toEqual([]);
    expect(cellWarnings('9', '')).toEqual([]);
  });

  it('says nothing of an empty or non-numeric cell', () => {
    expect(cellWarnings('', '4')).toEqual([]);
    expect(cellWarnings('abc', '4')).toEqual([]);
  });

  it('lists the warnings of the grid cell by cell', () => {
    const previous = { regular: 3, premium: 4, diesel: 4, renew_99: 5, b_20: 4, date: 'x' };
    let rows = [deskRow(1, 1, previous, previous), deskRow(1, 2, null, null)];
    rows = setCell(rows, 0, 'diesel', '5');
    rows = setCell(rows, 1, 'regular', '25');
    expect(gridWarnings(rows).map((w) => [w.row.key, w.grade, w.warnings[0]?.kind])).toEqual([
      ['1:1', 'diesel', 'jump'],
      ['1:2', 'regular', 'range'],
    ]);
  });
});
