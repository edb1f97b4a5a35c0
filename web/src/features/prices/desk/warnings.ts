import type { PriceField } from '../schemas';
import { GRADES, type DeskRow } from './grid';

/** Prices are per gallon; outside these bounds a typing slip is likelier than a real price. */
export const PRICE_RANGE = { min: 0.5, max: 20 } as const;
/** A change from the previous day larger than this share is worth a second look. */
export const JUMP_SHARE = 0.1;

export type Warning = { kind: 'range' } | { kind: 'jump'; previous: number; share: number };

/** Why a typed price deserves a look: out of range, or far from the previous day's. */
export function cellWarnings(value: string, previous: string | undefined): Warning[] {
  const text = value.trim();
  if (text === '') return [];
  const price = Number(text);
  if (!Number.isFinite(price)) return [];
  const warnings: Warning[] = [];
  if (price < PRICE_RANGE.min || price > PRICE_RANGE.max) warnings.push({ kind: 'range' });
  const before = previous === undefined || previous.trim() === '' ? NaN : Number(previous);
  if (Number.isFinite(before) && before > 0) {
    // Rounded so that exactly 10% (4.40 after 4.00) is not flagged by a floating-point hair.
    const share = Math.round(((price - before) / before) * 1e6) / 1e6;
    if (Math.abs(share) > JUMP_SHARE) warnings.push({ kind: 'jump', previous: before, share });
  }
  return warnings;
}

export interface CellWarning {
  row: DeskRow;
  grade: PriceField;
  warnings: Warning[];
}

/** The warnings of the given rows, cell by cell in the grid's order. */
export function gridWarnings(rows: readonly DeskRow[]): CellWarning[] {
  return rows.flatMap((row) =>
    GRADES.map((grade) => ({
      row,
      grade,
      warnings: cellWarnings(row.values[grade], row.previous?.[grade]),
    })).filter((cell) => cell.warnings.length > 0),
  );
}
