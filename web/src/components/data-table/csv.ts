import { isoDateInLosAngeles } from '@/lib/time';

/**
 * CSV text (RFC 4180) for a list export. Excel reads UTF-8 only after a byte-order mark, and runs
 * a cell that starts with = + - @ (or their full-width forms, which a Japanese Excel reads the
 * same) as a formula. A spreadsheet may also split a cell where this file does not: Excel at its
 * list separator (`;` in German and French), a reader that misses the quotes at any comma, tab
 * or line break. So every formula character that could start a cell after such a split gets a
 * leading apostrophe, which spreadsheets show as plain text, and a cell with a separator is
 * quoted.
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
/**
 * A formula character (= + - @ and U+FF1D U+FF0B U+FF0D U+FF20, their full-width forms) at the
 * start of the cell or of a part after a separator a spreadsheet may split at (`,` `;` tab, CR,
 * LF). Spaces and double quotes in between are skipped, as a reader may trim or unquote them. The
 * apostrophe goes just before the formula character, so line breaks and blanks stay as typed.
 */
const FORMULA_PART = /(?=[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])(?<=(?:^|[,;\t\r\n])[ "]*)/g;
/** A cell that starts with a tab or line break: some readers trim it and see what follows. */
const CONTROL_START = /^[\t\r\n]/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One cell, neutralised against formulas and quoted where it must be. Text is neutralised even
 * when it reads as a number (`-2`): what counts as a harmless number depends on the reader's
 * locale, and a value the app means as a number is passed as one (see `csvLines`).
 */
export function csvCell(value: string): string {
  const parts = value.replace(FORMULA_PART, "'");
  const safe = CONTROL_START.test(parts) ? `'${parts}` : parts;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function isDate(value: CsvValue): value is CsvDate {
  return typeof value === 'object' && value !== null;
}

function plain(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (isDate(value)) return value.shown;
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
      // Numbers are data, not formulas: a negative amount stays a number in Excel. Not an
      // infinite one, which is written as text (`-Infinity` would read as a formula).
      if (typeof value === 'number' && Number.isFinite(value)) cells.push(String(value));
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
