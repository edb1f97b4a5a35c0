import type { ReactNode } from 'react';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import type { RemotePaging } from './remote-paging';

export interface DataTableToolbarState {
  selectedIds: ReadonlySet<string>;
  clearSelection: () => void;
}

export interface DataTableProps<T, V> {
  columns: ColumnDef<T, V>[];
  /** Undefined while the first reply is awaited. */
  data: readonly T[] | undefined;
  getRowId: (row: T) => string;
  /** The accessible name of the table. */
  label: string;
  /** Waiting for the first reply: 'Please wait...' in the body. */
  isLoading?: boolean;
  /** Refreshing data already shown: a 'Loading...' indicator. */
  isFetching?: boolean;
  /** Enables the search box: the text of a row it matches (default: every column's value). */
  searchText?: (row: T) => string;
  searchable?: boolean;
  enableRowSelection?: boolean;
  onSelectionChange?: (ids: ReadonlySet<string>) => void;
  /** Extra controls beside the search box (bulk actions read the selection). */
  toolbar?: (state: DataTableToolbarState) => ReactNode;
  initialPageSize?: number;
  initialSort?: SortingState;
  /**
   * Keeps search, sort, page and page size in the query string (reload, Back and a shared link
   * show the same rows): `true` for a page's list, a prefix for a second list on the page.
   * Off for tables in dialogs. Such a page list also offers Export CSV (every row the search
   * and sort select, the visible columns), named `exportName` or after the page's path.
   */
  urlState?: boolean | string;
  /** Benchmark marks (use-table-marks.ts); the feature marks `<label>:reply` itself. */
  perfLabel?: string;
  /** Pages served from outside: `data` is the current page, and the footer offers `reachable`. */
  remotePaging?: RemotePaging;
  /** With remote paging, every row the list's filters select, read when an export starts. */
  exportRows?: (onRead: (rows: number) => void) => Promise<readonly T[]>;
  exportName?: string;
  /** Records of the server's reply left out because they could not be read: said above the rows. */
  skipped?: number;
  className?: string;
}
