import { describe, expect, it } from 'vitest';
import { moveFor, type KeyInput } from './keyboard';

const key = (k: string, caret: KeyInput['caret'], shiftKey = false): KeyInput => ({
  key: k,
  shiftKey,
  caret,
});
const all = { start: 0, end: 4, length: 4 };
const at = { row: 1, col: 1 };

describe('keyboard moves on the desk', () => {
  it('moves up, down and with Enter, staying inside the grid', () => {
    expect(moveFor(key('ArrowUp', all), at, 3, 5)).toEqual({ row: 0, col: 1 });
    expect(moveFor(key('ArrowDown', all), at, 3, 5)).toEqual({ row: 2, col: 1 });
    expect(moveFor(key('Enter', all), at, 3, 5)).toEqual({ row: 2, col: 1 });
    expect(moveFor(key('Enter', all, true), at, 3, 5)).toEqual({ row: 0, col: 1 });
    expect(moveFor(key('ArrowDown', all), { row: 2, col: 1 }, 3, 5)).toBeNull();
  });

  it('moves left and right only from that end of the text or a whole selection', () => {
    expect(moveFor(key('ArrowLeft', all), at, 3, 5)).toEqual({ row: 1, col: 0 });
    expect(moveFor(key('ArrowRight', { start: 4, end: 4, length: 4 }), at, 3, 5)).toEqual({
      row: 1,
      col: 2,
    });
    expect(moveFor(key('ArrowLeft', { start: 2, end: 2, length: 4 }), at, 3, 5)).toBeNull();
    expect(moveFor(key('ArrowRight', { start: 0, end: 0, length: 4 }), at, 3, 5)).toBeNull();
    expect(moveFor(key('ArrowLeft', all), { row: 1, col: 0 }, 3, 5)).toBeNull();
  });

  it('tabs along the row, wrapping, and leaves the grid past its ends', () => {
    expect(moveFor(key('Tab', all), { row: 0, col: 4 }, 3, 5)).toEqual({ row: 1, col: 0 });
    expect(moveFor(key('Tab', all, true), { row: 1, col: 0 }, 3, 5)).toEqual({ row: 0, col: 4 });
    expect(moveFor(key('Tab', all), { row: 2, col: 4 }, 3, 5)).toBeNull();
    expect(moveFor(key('Tab', all, true), { row: 0, col: 0 }, 3, 5)).toBeNull();
    expect(moveFor(key('a', all), at, 3, 5)).toBeNull();
  });
});
