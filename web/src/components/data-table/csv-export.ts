import type { Column } from '@tanstack/react-table';
import { csvFileName, type CsvColumn, type CsvValue } from './csv';
import type { CsvWorkerReply, CsvWorkerRequest } from './csv.worker';
import { labelOf } from './phone-layout';

/**
 * A list export, loaded only when an admin asks for one: the page reads the rows the search,
 * filter and sort select in chunks, between which it paints and answers input; the worker
 * writes the CSV text.
 */

/** Rows read between two yields to the page: a few milliseconds of work for 100 000 users. */
const CHUNK_ROWS = 2000;

export interface CsvExport<T> {
  /** The visible columns, in order. */
  columns: readonly Column<T, unknown>[];
  count: number;
  /** The row at a position of the current search, filter and sort. */
  rowAt: (position: number) => T | undefined;
  /** The screen, for the file name (`all-users`). */
  screen: string;
  /** The clock (the app's `now` service): the file is named after its day in Los Angeles. */
  now: () => number;
  onProgress: (fraction: number) => void;
}

interface ExportColumn<T> extends CsvColumn {
  value: (row: T, position: number) => CsvValue;
}

function plainValue(value: unknown): CsvValue {
  if (value instanceof Date) return { date: value, shown: value.toLocaleString() };
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null ||
    value === undefined
  ) {
    return value;
  }
  return '';
}

/** The columns with a value: not the buttons, nor the checkboxes or a picture (no accessor). */
export function exportColumns<T>(columns: readonly Column<T, unknown>[]): ExportColumn<T>[] {
  return columns.flatMap((column): ExportColumn<T>[] => {
    const { meta } = column.columnDef;
    if (meta?.actions) return [];
    const header = labelOf(column);
    if (meta?.csv) {
      const { value, date, also = [] } = meta.csv;
      return [
        { header, value: (row) => value(row), ...(date ? { date } : {}) },
        ...also.map((extra) => ({ header: extra.header, value: (row: T) => extra.value(row) })),
      ];
    }
    const read = column.accessorFn;
    return read ? [{ header, value: (row, position) => plainValue(read(row, position)) }] : [];
  });
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser has the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Builds the file in a worker and hands it to the browser's downloads. */
export async function exportCsv<T>({
  columns,
  count,
  rowAt,
  screen,
  now,
  onProgress,
}: CsvExport<T>): Promise<void> {
  const specs = exportColumns(columns);
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), {
    type: 'module',
    name: 'csv-export',
  });
  const post = (message: CsvWorkerRequest) => worker.postMessage(message);
  try {
    const file = new Promise<Blob>((resolve, reject) => {
      worker.addEventListener('message', (event: MessageEvent<CsvWorkerReply>) =>
        resolve(event.data.blob),
      );
      worker.addEventListener('error', (event) => reject(new Error(event.message)));
    });
    post({ kind: 'start', columns: specs.map(({ header, date }) => ({ header, date })) });
    for (let start = 0; start < count; start += CHUNK_ROWS) {
      const end = Math.min(count, start + CHUNK_ROWS);
      const rows: CsvValue[][] = [];
      for (let position = start; position < end; position += 1) {
        const row = rowAt(position);
        if (row !== undefined) rows.push(specs.map((spec) => spec.value(row, position)));
      }
      post({ kind: 'rows', rows });
      onProgress(end / count);
      await nextTask();
    }
    post({ kind: 'end' });
    // Read once the file is built: an export that runs past midnight gets the day it lands.
    download(await file, csvFileName(screen, new Date(now())));
  } finally {
    worker.terminate();
  }
}
