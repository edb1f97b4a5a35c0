import type { Column } from '@tanstack/react-table';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportColumns, exportCsv } from './csv-export';
import type { CsvWorkerRequest } from './csv.worker';

interface User {
  id: number;
  name: string;
  rank: number;
  joined: Date;
}

// The little of a TanStack column the export reads.
const column = (fields: {
  id: string;
  columnDef: Partial<Column<User, unknown>['columnDef']>;
  accessorFn?: (row: User) => unknown;
}) => fields as unknown as Column<User, unknown>;

describe('the columns of a list export', () => {
  const columns = [
    column({ id: '__select', columnDef: { header: '' } }),
    column({ id: 'id', columnDef: { header: 'ID' }, accessorFn: (row) => row.id }),
    column({ id: 'image', columnDef: { header: 'Image' } }),
    column({
      id: 'name',
      columnDef: { header: 'Name', meta: { csv: { value: (row: User) => row.name } } },
      accessorFn: (row) => row.rank,
    }),
    column({ id: 'joined', columnDef: { header: 'Joined' }, accessorFn: (row) => row.joined }),
    column({
      id: 'delete',
      columnDef: { header: 'Delete', meta: { actions: true } },
      accessorFn: (row) => row.id,
    }),
  ];
  const user: User = { id: 7, name: 'Ann', rank: 3, joined: new Date('2026-01-02T03:04:05Z') };

  it('writes a column for each more thing a cell shows, after the cell', () => {
    const specs = exportColumns([
      column({
        id: 'name',
        columnDef: {
          header: 'Name',
          meta: {
            csv: {
              value: (row: User) => row.name,
              also: [{ header: 'Email', value: (row: User) => `${row.name}@x.test` }],
            },
          },
        },
      }),
      columns[1] as Column<User, unknown>,
    ]);
    expect(specs.map((spec) => spec.header)).toEqual(['Name', 'Email', 'ID']);
    expect(specs.map((spec) => spec.value(user, 0))).toEqual(['Ann', 'Ann@x.test', 7]);
  });

  it('leaves out checkboxes, pictures and buttons, and writes what the cell shows', () => {
    const specs = exportColumns(columns);
    expect(specs.map((spec) => spec.header)).toEqual(['ID', 'Name', 'Joined']);
    const [id, name, joined] = specs.map((spec) => spec.value(user, 0));
    expect(id).toBe(7);
    expect(name).toBe('Ann');
    expect(joined).toEqual({ date: user.joined, shown: user.joined.toLocaleString() });
  });
});

describe('a list export file', () => {
  afterEach(() => vi.unstubAllGlobals());

  // jsdom has no workers: this one answers the end of the rows with an (empty) file.
  class FakeWorker extends EventTarget {
    postMessage(message: CsvWorkerRequest) {
      if (message.kind !== 'end') return;
      queueMicrotask(() =>
        this.dispatchEvent(new MessageEvent('message', { data: { blob: new Blob([]) } })),
      );
    }
    terminate() {}
  }

  /** The name the browser is asked to save the file under. */
  async function downloadedName(now: number): Promise<string> {
    vi.stubGlobal('Worker', FakeWorker);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    await exportCsv<User>({
      columns: [],
      count: 0,
      rowAt: () => undefined,
      screen: 'all-users',
      now: () => now,
      onProgress: () => {},
    });
    return names.join();
  }

  it('is named after the day in Los Angeles of the clock it is given', async () => {
    // 03:00 UTC on New Year's Day is still New Year's Eve in Los Angeles: the browser's date
    // (UTC in tests) would name the wrong day, and year.
    expect(await downloadedName(Date.UTC(2026, 0, 1, 3, 0))).toBe('all-users-2025-12-31.csv');
    expect(await downloadedName(Date.UTC(2026, 10, 29, 3, 0))).toBe('all-users-2026-11-28.csv');
  });
});
