import { useEffect, useMemo } from 'react';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { pageCount } from './page-items';
import { createRowIndex, type SortValue } from './row-index';
import { useLatestCallback } from './use-latest-callback';

/** Below this many rows a first search or sort is quick enough without warming. */
const WARM_FROM_ROWS = 5000;

function valueToText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

function toSortValue(value: unknown): SortValue {
  if (
    value === null ||
    value === undefined ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value instanceof Date
  ) {
    return value;
  }
  return undefined;
}

/** The columns a row index reads: accessors to sort by, and to search when no searchText. */
function columnAccessors<T, V>(columns: ColumnDef<T, V>[]) {
  const map = new Map<string, (row: T, index: number) => unknown>();
  for (const column of columns) {
    if ('accessorKey' in column && column.accessorKey !== undefined) {
      const key = String(column.accessorKey);
      map.set(column.id ?? key, (row) => (row as Record<string, unknown>)[key]);
    } else if ('accessorFn' in column && column.id) {
      map.set(column.id, column.accessorFn);
    }
  }
  return map;
}

export interface RowIndexInput<T, V> {
  data: readonly T[] | undefined;
  columns: ColumnDef<T, V>[];
  searchText: ((row: T) => string) | undefined;
  query: string;
  sorting: SortingState;
  page: { index: number; size: number };
}

/**
 * Search, sort and the page of rows, through the row index (row-index.ts), rebuilt only for a
 * new data set or new columns. Idle time after a reply pre-computes what the first search and
 * sorts would pay.
 */
export function useRowIndex<T, V>({
  data,
  columns,
  searchText,
  query,
  sorting,
  page,
}: RowIndexInput<T, V>) {
  const accessors = useMemo(() => columnAccessors(columns), [columns]);
  const text = useLatestCallback(
    (row: T) =>
      searchText?.(row) ??
      Array.from(accessors.values(), (read) => valueToText(read(row, 0))).join(' '),
  );
  const index = useMemo(
    () =>
      createRowIndex(data ?? [], {
        searchText: text,
        sortValue: (row, columnId) => toSortValue(accessors.get(columnId)?.(row, 0)),
      }),
    [data, accessors, text],
  );
  useIdleWarming(index, columns, accessors);

  const sortId = sorting[0]?.id;
  const sortDesc = sorting[0]?.desc ?? false;
  const view = useMemo(
    () => index.view(query, sortId === undefined ? null : { id: sortId, desc: sortDesc }),
    [index, query, sortId, sortDesc],
  );

  const total = view.count;
  const pages = pageCount(total, page.size);
  const pageIndex = Math.min(page.index, pages - 1);
  const pageRows = useMemo(() => {
    const start = pageIndex * page.size;
    const end = Math.min(total, start + page.size);
    const slice: T[] = [];
    for (let position = start; position < end; position += 1) {
      const row = index.at(view, position);
      if (row !== undefined) slice.push(row);
    }
    return slice;
  }, [index, view, pageIndex, page.size, total]);

  return { index, view, total, pages, pageIndex, pageRows, accessors };
}

// Once the rows are painted (an idle callback can run before the next frame and hold it back),
// one step per idle period — the search strings, then each sortable column — so no step is a
// long task of its own.
function useIdleWarming<T, V>(
  index: { rows: readonly T[]; warm: (columnIds: readonly string[]) => void },
  columns: ColumnDef<T, V>[],
  accessors: ReadonlyMap<string, unknown>,
) {
  useEffect(() => {
    if (index.rows.length < WARM_FROM_ROWS || typeof requestIdleCallback !== 'function') return;
    const steps: string[][] = [
      [],
      ...columns
        .filter((column) => column.enableSorting !== false)
        .map((column) => column.id ?? ('accessorKey' in column ? String(column.accessorKey) : ''))
        .filter((id) => accessors.has(id))
        .map((id) => [id]),
    ];
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      const step = steps.shift();
      if (step) index.warm(step);
      if (steps.length > 0) idle = requestIdleCallback(next);
    };
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        idle = requestIdleCallback(next);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [index, columns, accessors]);
}
