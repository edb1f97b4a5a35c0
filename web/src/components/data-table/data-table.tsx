import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type CellContext,
  type Column,
  type ColumnDef,
  type HeaderContext,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, SearchIcon } from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { mark, markPainted } from '@/lib/perf';
import { cn } from '@/lib/utils';
import { pageCount as countPages } from './page-items';
import { Pagination } from './pagination';
import { createRowIndex, type SortValue } from './row-index';

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
   * Performance marks for the benchmarks (bench/suites/user-list.ts): `<label>:rows:painted` once
   * a data set's first rows are painted; `<label>:sort` / `<label>:filter` when the user sorts or
   * types, and `<label>:sort:painted` / `<label>:filter:painted` once the result is painted.
   * The feature marks `<label>:reply` itself when its reply is parsed.
   */
  perfLabel?: string;
  className?: string;
}

const SELECT_COLUMN_ID = '__select';
/** About the height of a row with an avatar or a button (3.6 rem): the waiting row is a page of them. */
const WAITING_ROW_REM = 3.6;

interface SelectionMeta {
  isSelected: (id: string) => boolean;
  toggle: (id: string, selected: boolean) => void;
  all: boolean | 'indeterminate';
  toggleAll: (selected: boolean) => void;
  empty: boolean;
  labels: { all: string; row: string };
}

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the shape TanStack declares
  interface TableMeta<TData extends RowData> {
    /** Row selection of the shared DataTable (its checkbox column reads it). */
    selection?: SelectionMeta;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the shape TanStack declares
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The row's buttons (View, Delete…): on a phone they line up at the foot of its card. */
    actions?: boolean;
    /** The column's name as text where its header is not text (the phone layout's label). */
    label?: string;
  }
}

/*
 * On a phone (below sm) a row is a card: each cell on a line of its own after its column's
 * name, the action buttons together at the foot, and of the header only the sort buttons and
 * select-all. Classes only, so the table stays one table for every size and every test.
 */
const PHONE = {
  table: 'max-sm:block',
  block: 'max-sm:block',
  headerRow:
    'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-4 max-sm:gap-y-1 max-sm:px-3 max-sm:py-2',
  head: 'max-sm:h-8 max-sm:px-0',
  row: 'max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-2 max-sm:gap-y-1 max-sm:px-3 max-sm:py-3',
  cell: 'max-sm:grid max-sm:basis-full max-sm:grid-cols-[6.5rem_minmax(0,1fr)] max-sm:items-center max-sm:gap-3 max-sm:p-0 max-sm:py-0.5 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-muted-foreground max-sm:before:uppercase max-sm:before:content-[attr(data-label)]',
  action: 'max-sm:order-last max-sm:p-0 max-sm:pt-1.5',
  wide: 'max-sm:block max-sm:basis-full',
} as const;

/** A column's name as text, for the phone layout's labels. */
function labelOf<T, V>(column: Column<T, V>): string {
  const { header, meta } = column.columnDef;
  return meta?.label ?? (typeof header === 'string' ? header : '');
}

// Stable components (not closures) so a selection change re-renders the checkboxes rather
// than remounting them, which would drop keyboard focus.
function SelectAllHeader<T>({ table }: HeaderContext<T, unknown>) {
  const selection = table.options.meta?.selection;
  if (!selection) return null;
  return (
    <Checkbox
      checked={selection.all}
      onCheckedChange={(value) => selection.toggleAll(value === true)}
      aria-label={selection.labels.all}
      disabled={selection.empty}
    />
  );
}

function SelectRowCell<T>({ table, row }: CellContext<T, unknown>) {
  const selection = table.options.meta?.selection;
  if (!selection) return null;
  return (
    <Checkbox
      checked={selection.isSelected(row.id)}
      onCheckedChange={(value) => selection.toggle(row.id, value === true)}
      aria-label={selection.labels.row}
    />
  );
}

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

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (direction === 'asc') return <ArrowUpIcon aria-hidden="true" className="size-3.5" />;
  if (direction === 'desc') return <ArrowDownIcon aria-hidden="true" className="size-3.5" />;
  return <ArrowUpDownIcon aria-hidden="true" className="size-3.5 opacity-50" />;
}

function SortableHeader<T>({ column, children }: { column: Column<T>; children: ReactNode }) {
  const direction = column.getIsSorted();
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      className="-mx-1.5 inline-flex cursor-pointer items-center gap-1.5 rounded px-1.5 py-1 uppercase hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
    >
      {children}
      <SortIcon direction={direction} />
    </button>
  );
}

/**
 * THE list table: search, sort, page-number paging with first/previous/next/last, page sizes
 * 3, 5 and 10, total count, loading and empty states, row checkboxes with select-all.
 * Columns are plain TanStack `ColumnDef`s; give a column `enableSorting: false` to fix it.
 */
export function DataTable<T, V>({
  columns,
  data,
  getRowId,
  label,
  isLoading = false,
  isFetching = false,
  searchText,
  searchable = Boolean(searchText),
  enableRowSelection = false,
  onSelectionChange,
  toolbar,
  initialPageSize = DEFAULT_PAGE_SIZE,
  initialSort = [],
  perfLabel,
  className,
}: DataTableProps<T, V>) {
  const { t } = useTranslation();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [sorting, setSorting] = useState<SortingState>(initialSort);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  const rows = data ?? [];
  // The columns a row index needs: accessors to sort by, and to search when no searchText.
  const accessors = useMemo(() => {
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
  }, [columns]);

  const index = useMemo(
    () =>
      createRowIndex(rows, {
        searchText:
          searchText ??
          ((row) => Array.from(accessors.values(), (read) => valueToText(read(row, 0))).join(' ')),
        sortValue: (row, columnId) => toSortValue(accessors.get(columnId)?.(row, 0)),
      }),
    // A new data set (a reply) or new columns make a new index; nothing else does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, accessors],
  );

  // Idle time after a reply is spent on what the first search or sort would otherwise pay:
  // once the rows are painted (an idle callback can run before the next frame and hold it
  // back), one step per idle period — the search strings, then each sortable column — so no
  // step is a long task of its own.
  useEffect(() => {
    if (rows.length < 5000 || typeof requestIdleCallback !== 'function') return;
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
  }, [index, rows.length, columns, accessors]);

  const sort = sorting[0] ? { id: sorting[0].id, desc: sorting[0].desc } : null;
  const view = useMemo(
    () => index.view(deferredQuery, sort),
    // `sort` is rebuilt each render; its fields are the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [index, deferredQuery, sort?.id, sort?.desc],
  );

  const total = view.count;
  const pages = countPages(total, pageSize);
  const safePageIndex = Math.min(pageIndex, pages - 1);
  const pageRows = useMemo(() => {
    const start = safePageIndex * pageSize;
    const end = Math.min(total, start + pageSize);
    const slice: T[] = [];
    for (let position = start; position < end; position += 1) {
      const row = index.at(view, position);
      if (row !== undefined) slice.push(row);
    }
    return slice;
  }, [index, view, safePageIndex, pageSize, total]);

  const updateSelection = useCallback(
    (next: ReadonlySet<string>) => {
      setSelected(next);
      onSelectionChange?.(next);
    },
    [onSelectionChange],
  );

  // Rows that left the data set (deleted, refreshed) leave the selection too.
  useEffect(() => {
    if (selected.size === 0) return;
    const present = new Set(rows.map(getRowId));
    const kept = new Set([...selected].filter((id) => present.has(id)));
    if (kept.size !== selected.size) updateSelection(kept);
    // Only a new data set can remove rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  const allVisibleSelected = useMemo(() => {
    if (selected.size === 0 || total === 0) return false;
    let count = 0;
    for (let position = 0; position < total; position += 1) {
      const row = index.at(view, position);
      if (row !== undefined && selected.has(getRowId(row))) count += 1;
    }
    return count === total ? true : count > 0 ? 'indeterminate' : false;
  }, [selected, index, view, total, getRowId]);

  const toggleAll = useCallback(
    (checked: boolean) => {
      const next = new Set(selected);
      for (let position = 0; position < total; position += 1) {
        const row = index.at(view, position);
        if (row === undefined) continue;
        if (checked) next.add(getRowId(row));
        else next.delete(getRowId(row));
      }
      updateSelection(next);
    },
    [selected, total, index, view, getRowId, updateSelection],
  );

  const allColumns = useMemo<ColumnDef<T, V>[]>(() => {
    if (!enableRowSelection) return columns;
    const select: ColumnDef<T, V> = {
      id: SELECT_COLUMN_ID,
      enableSorting: false,
      header: SelectAllHeader as ColumnDef<T, V>['header'],
      cell: SelectRowCell as ColumnDef<T, V>['cell'],
    };
    return [select, ...columns];
  }, [enableRowSelection, columns]);

  const selection: SelectionMeta = {
    isSelected: (id) => selected.has(id),
    toggle: (id, value) => {
      const next = new Set(selected);
      if (value) next.add(id);
      else next.delete(id);
      updateSelection(next);
    },
    all: allVisibleSelected,
    toggleAll,
    empty: total === 0,
    labels: { all: t('TABLE.SELECT_ALL'), row: t('TABLE.SELECT_ROW') },
  };

  // Benchmark marks: what the user just did, then its result painted.
  const pendingMeasure = useRef<'sort' | 'filter' | null>(null);
  const measure = (action: 'sort' | 'filter') => {
    if (!perfLabel) return;
    mark(`${perfLabel}:${action}`);
    pendingMeasure.current = action;
  };
  useEffect(() => {
    if (perfLabel && data) markPainted(`${perfLabel}:rows`);
  }, [perfLabel, data]);
  useEffect(() => {
    const action = pendingMeasure.current;
    if (!perfLabel || !action) return;
    pendingMeasure.current = null;
    markPainted(`${perfLabel}:${action}`);
  }, [perfLabel, view]);

  // TanStack Table v8 hands back functions the React Compiler cannot memoize; this component
  // memoizes its own inputs instead.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: pageRows,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
    sortDescFirst: false,
    rowCount: total,
    meta: { selection },
    state: { sorting },
    onSortingChange: (updater) => {
      measure('sort');
      setSorting(updater);
      setPageIndex(0);
    },
  });

  const sortable = (column: Column<T>) => column.getCanSort() && accessors.has(column.id);
  // On a phone the header keeps what acts on every row: the sort buttons and select-all.
  const onPhoneHeader = (column: Column<T>) => column.id === SELECT_COLUMN_ID || sortable(column);
  const phoneHeader = table.getAllLeafColumns().some(onPhoneHeader);

  const from = total === 0 ? 0 : safePageIndex * pageSize + 1;
  const to = Math.min(total, (safePageIndex + 1) * pageSize);
  const waiting = isLoading && !data;
  const columnCount = allColumns.length;

  return (
    <div
      data-slot="data-table"
      className={cn('flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs', className)}
    >
      {searchable || toolbar ? (
        <div className="flex flex-col gap-3 border-b p-3 sm:flex-row sm:items-center sm:justify-between sm:p-4">
          {searchable ? (
            <div className="relative w-full sm:max-w-xs">
              <label htmlFor={searchId} className="sr-only">
                {t('TABLE.SEARCH')}
              </label>
              <SearchIcon
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id={searchId}
                type="search"
                value={query}
                onChange={(event) => {
                  measure('filter');
                  setQuery(event.target.value);
                  setPageIndex(0);
                }}
                placeholder={t('TABLE.SEARCH_PLACEHOLDER')}
                className="h-9 pl-9"
                autoComplete="off"
              />
            </div>
          ) : (
            <span />
          )}
          <div className="flex flex-wrap items-center gap-2">
            {isFetching && !waiting ? (
              <span
                role="status"
                className="inline-flex items-center gap-1.5 text-xs text-muted-foreground"
              >
                <Spinner className="size-3.5" />
                {t('TABLE.LOADING')}
              </span>
            ) : null}
            {enableRowSelection && selected.size > 0 ? (
              <span className="text-sm text-muted-foreground">
                {t('TABLE.SELECTED', { selected: selected.size.toLocaleString('en-US') })}
              </span>
            ) : null}
            {toolbar?.({ selectedIds: selected, clearSelection: () => updateSelection(new Set()) })}
          </div>
        </div>
      ) : null}

      <Table aria-label={label} aria-busy={waiting || isFetching} className={PHONE.table}>
        <TableHeader className={cn(PHONE.block, !phoneHeader && 'max-sm:hidden')}>
          {table.getHeaderGroups().map((group) => (
            <TableRow key={group.id} className={cn('hover:bg-transparent', PHONE.headerRow)}>
              {group.headers.map((header) => {
                const direction = header.column.getIsSorted();
                return (
                  <TableHead
                    key={header.id}
                    className={cn(PHONE.head, !onPhoneHeader(header.column) && 'max-sm:hidden')}
                    aria-sort={
                      direction === 'asc'
                        ? 'ascending'
                        : direction === 'desc'
                          ? 'descending'
                          : header.column.getCanSort()
                            ? 'none'
                            : undefined
                    }
                  >
                    {header.isPlaceholder ? null : sortable(header.column) ? (
                      <SortableHeader column={header.column}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                      </SortableHeader>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </TableHead>
                );
              })}
            </TableRow>
          ))}
        </TableHeader>
        <TableBody className={PHONE.block}>
          {waiting ? (
            <TableRow className={cn('hover:bg-transparent', PHONE.block)}>
              <TableCell
                colSpan={columnCount}
                className={cn('text-center', PHONE.wide)}
                // As tall as the page of rows it waits for, so nothing below jumps when they come.
                style={{ height: `${pageSize * WAITING_ROW_REM}rem` }}
              >
                <span
                  role="status"
                  className="inline-flex items-center gap-2 text-sm text-muted-foreground"
                >
                  <Spinner />
                  {t('TABLE.PLEASE_WAIT')}
                </span>
              </TableCell>
            </TableRow>
          ) : pageRows.length === 0 ? (
            <TableRow className={cn('hover:bg-transparent', PHONE.block)}>
              <TableCell
                colSpan={columnCount}
                className={cn('h-40 text-center text-sm text-muted-foreground', PHONE.wide)}
              >
                {t('TABLE.NO_RECORDS')}
              </TableCell>
            </TableRow>
          ) : (
            table.getRowModel().rows.map((row) => (
              <TableRow
                key={row.id}
                data-state={selected.has(row.id) ? 'selected' : undefined}
                className={PHONE.row}
              >
                {row.getVisibleCells().map((cell) => {
                  const { column } = cell;
                  const footer = column.id === SELECT_COLUMN_ID || column.columnDef.meta?.actions;
                  return (
                    <TableCell
                      key={cell.id}
                      data-label={footer ? undefined : labelOf(column)}
                      className={footer ? PHONE.action : PHONE.cell}
                    >
                      {flexRender(column.columnDef.cell, cell.getContext())}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>

      <div className="flex flex-col gap-3 border-t px-3 py-3 sm:px-4 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <label className="inline-flex items-center gap-2">
            <span>{t('TABLE.ROWS_PER_PAGE')}</span>
            <NativeSelect
              value={String(pageSize)}
              onChange={(event) => {
                setPageSize(Number(event.target.value));
                setPageIndex(0);
              }}
            >
              {PAGE_SIZE_OPTIONS.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </NativeSelect>
          </label>
          <span aria-live="polite" className="tabular-nums">
            {waiting
              ? t('TABLE.LOADING')
              : t('TABLE.SHOWING', {
                  from: from.toLocaleString('en-US'),
                  to: to.toLocaleString('en-US'),
                  total: total.toLocaleString('en-US'),
                })}
          </span>
        </div>
        <Pagination
          page={safePageIndex + 1}
          pageCount={pages}
          onPageChange={(page) => setPageIndex(page - 1)}
        />
      </div>
    </div>
  );
}
