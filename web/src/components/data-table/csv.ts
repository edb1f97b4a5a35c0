import { isoDateInLosAngeles } from '@/lib/time';

/**
 * CSV text (RFC 4180) for a list export. Excel reads UTF-8 only after a byte-order mark, and runs
 * a cell that starts with = + - @ (or a tab or carriage return) as a formula: such cells get a
 * leading apostrophe, which Excel shows as plain text.
 */

/** A date cell: written twice, as shown on screen and as ISO 8601. */
export interface CsvDate {
  date: Date | null;
  shown: string;
}

export type CsvValue = string | number | boolean | null | undefined | CsvDate;

export interface CsvColumn {
  header: string;
  /** A date column takes two columns in the file: as shown, then ISO 8601. */
  date?: boolean;
}

export const CSV_BOM = '\uFEFF';
const NEWLINE = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell, neutralised against formulas and quoted where it must be. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function isDate(value: CsvValue): value is CsvDate {
  return typeof value === 'object' && value !== null;
}

function plain(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (isDate(value)) return value.shown;
  // Numbers are data, not formulas: a negative amount stays a number in Excel.
  return String(value);
}

function isoOf(value: CsvValue): string {
  if (!isDate(value) || !value.date || Number.isNaN(value.date.getTime())) return '';
  return value.date.toISOString();
}

/** The header line, with each date column's ISO 8601 companion. */
export function csvHeader(columns: readonly CsvColumn[]): string {
  const cells = columns.flatMap((column) =>
    column.date ? [column.header, `${column.header} (ISO 8601)`] : [column.header],
  );
  return cells.map(csvCell).join(',') + NEWLINE;
}

/** Data lines for rows of values in column order. */
export function csvLines(
  columns: readonly CsvColumn[],
  rows: readonly (readonly CsvValue[])[],
): string {
  let text = '';
  for (const row of rows) {
    const cells: string[] = [];
    columns.forEach((column, index) => {
      const value = row[index];
      if (typeof value === 'number') cells.push(String(value));
      else cells.push(csvCell(plain(value)));
      if (column.date) cells.push(isoOf(value));
    });
    text += cells.join(',') + NEWLINE;
  }
  return text;
}

/** A whole file: BOM, header, rows. */
export function buildCsv(
  columns: readonly CsvColumn[],
  rows: readonly (readonly CsvValue[])[],
): string {
  return CSV_BOM + csvHeader(columns) + csvLines(columns, rows);
}

/**
 * `all-users-2026-11-25.csv`: the screen, then the day of the export in Los Angeles, the day
 * the product shows everywhere (not the browser's own).
 */
export function csvFileName(screen: string, now: Date): string {
  return `${screen}-${isoDateInLosAngeles(now)}.csv`;
}
