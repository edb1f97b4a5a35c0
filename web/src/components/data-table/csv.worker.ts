import { CSV_BOM, csvHeader, csvLines, type CsvColumn, type CsvValue } from './csv';

/** What the page sends: the columns, then rows in chunks, then the end. */
export type CsvWorkerRequest =
  { kind: 'start'; columns: CsvColumn[] } | { kind: 'rows'; rows: CsvValue[][] } | { kind: 'end' };

/** The finished file. */
export interface CsvWorkerReply {
  blob: Blob;
}

/**
 * A module worker: turns a list export's rows into CSV text while the page goes on, so quoting
 * 100 000 rows is never a long task on the page's main thread.
 */

// The web project's types describe a window; this file runs in a worker, whose `self` is
// described here by the little of it we use.
interface WorkerScope {
  postMessage(message: CsvWorkerReply): void;
  addEventListener(
    type: 'message',
    listener: (event: MessageEvent<CsvWorkerRequest>) => void,
  ): void;
}

function serve(scope: WorkerScope) {
  let columns: CsvColumn[] = [];
  let parts: string[] = [];
  scope.addEventListener('message', ({ data }) => {
    if (data.kind === 'start') {
      columns = data.columns;
      parts = [CSV_BOM, csvHeader(columns)];
    } else if (data.kind === 'rows') {
      parts.push(csvLines(columns, data.rows));
    } else {
      scope.postMessage({ blob: new Blob(parts, { type: 'text/csv;charset=utf-8' }) });
    }
  });
}

serve(self as unknown as WorkerScope);
