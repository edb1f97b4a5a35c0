import { describe, expect, it } from 'vitest';
import {
  copyPrevious,
  deskRow,
  isBlock,
  isCellChanged,
  isRowChanged,
  parseBlock,
  pasteBlock,
  setCell,
} from './grid';

function only<T>(items: readonly T[]): T {
  const [item] = items;
  if (item === undefined || items.length !== 1) throw new Error('expected one item');
  return item;
}

const day = { regular: 3.5, premium: 4, diesel: 4.25, renew_99: 5, b_20: 4.5, date: '2026-11-24' };

describe('the desk grid', () => {
  it('starts with the loaded values and marks only the cells typed differently', () => {
    const typed = setCell([deskRow(1, 2, day, null)], 0, 'diesel', '4.4');
    const row = only(typed);
    expect(row.key).toBe('1:2');
    expect(isCellChanged(row, 'diesel')).toBe(true);
    expect(isCellChanged(row, 'regular')).toBe(false);
    expect(isRowChanged(row)).toBe(true);
    // Typing the loaded value back is no change.
    expect(isRowChanged(only(setCell(typed, 0, 'diesel', '4.25')))).toBe(false);
  });

  it('copies the previous day into the chosen rows that have one', () => {
    const rows = [deskRow(1, 1, null, day), deskRow(1, 2, null, day), deskRow(2, 1, null, null)];
    const copied = copyPrevious(rows, new Set(['1:1', '2:1']));
    expect(copied[0]?.values.regular).toBe('3.5');
    expect(copied[1]?.values.regular).toBe('');
    expect(copied[2]?.values.regular).toBe('');
  });

  it('reads a block copied from a spreadsheet as lines of tab-separated cells', () => {
    expect(parseBlock('1\t2\r\n3\t4\r\n')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseBlock('1.5')).toEqual([['1.5']]);
    expect(isBlock('1\t2')).toBe(true);
    expect(isBlock('3.5\n')).toBe(false);
    expect(isBlock('1\n2')).toBe(true);
  });

  it('pastes a block from the focused cell, dropping what falls outside the grid', () => {
    const rows = [deskRow(1, 1, null, null), deskRow(1, 2, null, null)];
    const pasted = pasteBlock(rows, { row: 1, col: 3 }, [
      ['9', '8', '7'],
      ['6', '5'],
    ]);
    expect(pasted[0]?.values).toEqual(rows[0]?.values);
    expect(pasted[1]?.values).toMatchObject({ regular: '', renew_99: '9', b_20: '8' });
  });
});
