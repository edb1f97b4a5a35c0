import { FUEL_PRICE_FIELDS } from '@contracts/upstream/upstream';
import { toFormValues, type PriceField, type PricesFormValues } from '../schemas';

/** Who last wrote a day of the price history, and when (server time, ms). */
export interface Written {
  at: number;
  by: string;
}

/** One group x fuel price type of the desk: what was loaded, the day before, and what is typed. */
export interface DeskRow {
  key: string;
  groupId: number;
  typeId: number;
  /** The prices saved for the day when the desk loaded (or last saved), as the inputs show them. */
  loaded: PricesFormValues;
  /** The latest saved day before the chosen one, or null when the history holds none. */
  previous: PricesFormValues | null;
  values: PricesFormValues;
  /** The price history's last write of the day as the desk read it (null: none known). */
  written: Written | null;
}

export const GRADES: readonly PriceField[] = FUEL_PRICE_FIELDS;

/** Anything holding the five grades: a saved record, a day of the history, typed values. */
type Grades = Record<PriceField, number | string>;

export const rowKey = (groupId: number, typeId: number) => `${groupId}:${typeId}`;

export function deskRow(
  groupId: number,
  typeId: number,
  saved: Grades | null,
  previous: Grades | null,
  written: Written | null = null,
): DeskRow {
  const loaded = asValues(saved);
  return {
    key: rowKey(groupId, typeId),
    groupId,
    typeId,
    loaded,
    previous: previous ? asValues(previous) : null,
    values: loaded,
    written,
  };
}

function asValues(prices: Grades | null): PricesFormValues {
  if (prices === null) return toFormValues(null);
  return Object.fromEntries(GRADES.map((g) => [g, String(prices[g])])) as PricesFormValues;
}

export function isCellChanged(row: DeskRow, grade: PriceField): boolean {
  return row.values[grade].trim() !== row.loaded[grade].trim();
}

export function isRowChanged(row: DeskRow): boolean {
  return GRADES.some((grade) => isCellChanged(row, grade));
}

export function setCell(
  rows: readonly DeskRow[],
  at: number,
  grade: PriceField,
  value: string,
): DeskRow[] {
  return rows.map((row, index) =>
    index === at ? { ...row, values: { ...row.values, [grade]: value } } : row,
  );
}

/** The previous day's prices into the rows whose keys are given (rows without one stay). */
export function copyPrevious(rows: readonly DeskRow[], keys: ReadonlySet<string>): DeskRow[] {
  return rows.map((row) =>
    keys.has(row.key) && row.previous ? { ...row, values: { ...row.previous } } : row,
  );
}

/**
 * A block copied from a spreadsheet: lines split by newlines, cells by tabs. The line break a
 * spreadsheet leaves after the last line is not a row of its own.
 */
export function parseBlock(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.split('\t').map((cell) => cell.trim()));
}

/** Whether a paste is a block (more than one cell) rather than text for the one input. */
export const isBlock = (text: string) => /[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''));

/** The block written from the cell at (row, col) rightwards and down; what overflows is dropped. */
export function pasteBlock(
  rows: readonly DeskRow[],
  start: { row: number; col: number },
  block: readonly (readonly string[])[],
): DeskRow[] {
  return rows.map((row, index) => {
    const line = block[index - start.row];
    if (!line) return row;
    const values = { ...row.values };
    line.forEach((cell, offset) => {
      const grade = GRADES[start.col + offset];
      if (grade) values[grade] = cell;
    });
    return { ...row, values };
  });
}
