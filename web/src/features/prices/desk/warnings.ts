import { priceWarnings, type PriceWarning } from '@contracts/prices/price-warnings';
import type { PriceField } from '../schemas';
import { GRADES, type DeskRow } from './grid';

/** Why a typed price deserves a look: out of range, or far from the previous day's. */
export function cellWarnings(value: string, previous: string | undefined): PriceWarning[] {
  const text = value.trim();
  if (text === '') return [];
  const before = previous === undefined || previous.trim() === '' ? undefined : Number(previous);
  return priceWarnings(Number(text), before);
}

export interface CellWarning {
  row: DeskRow;
  grade: PriceField;
  warnings: PriceWarning[];
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
