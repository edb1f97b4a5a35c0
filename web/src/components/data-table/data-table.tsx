import { lazy, Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { getCoreRowModel, useReactTable, type Column } from '@tanstack/react-table';
import { Table } from '@/components/ui/table';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { SkippedNotice } from '@/components/skipped-notice';
import { cn } from '@/lib/utils';
import { Body } from './body';
import { ExportButton } from './export-button';
import { Footer } from './footer';
import { Head } from './head';
import { PHONE } from './phone-layout';
import type { DataTableProps } from './props';
import { Toolbar } from './toolbar';
import { useRowIndex } from './use-row-index';
import { useRowSelection, useSelectableColumns } from './use-row-selection';
import { useTableMarks } from './use-table-marks';
import { useTableView } from './use-table-view';
import './table-meta';

// Loaded only by a table whose pages come from outside: the first screen does without it.
const RemoteFooter = lazy(() => import('./remote-paging'));

/**
 * THE list table: search, sort, page-number paging with first/previous/next/last, page sizes
 * 3, 5 and 10, total count, loading and empty states, row checkboxes with select-all.
 * Columns are plain TanStack `ColumnDef`s; give a column `enableSorting: false` to fix it.
 * A remotely paged table keeps its source's order: a sort could only reorder the page shown.
 * Each concern is a part beside this file; this one puts them together.
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
  urlState = false,
  perfLabel,
  remotePaging,
  exportRows,
  exportName,
  skipped,
  className,
}: DataTableProps<T, V>) {
  const { t } = useTranslation();
  const { view, setView, sorting } = useTableView({
    columns,
    initialSort,
    initialPageSize,
    urlState,
    sortable: !remotePaging,
  });
  const deferredQuery = useDeferredValue(view.query);
  // A page served from outside is shown whole.
  const page = remotePaging
    ? { index: 0, size: Math.max(remotePaging.pageSize, data?.length ?? 0) }
    : { index: view.page, size: view.size };

  const rows = useRowIndex({ data, columns, searchText, query: deferredQuery, sorting, page });
  const selection = useRowSelection({
    data,
    getRowId,
    index: rows.index,
    view: rows.view,
    onSelectionChange,
    labels: { all: t('TABLE.SELECT_ALL'), row: t('TABLE.SELECT_ROW') },
  });
  const measure = useTableMarks(perfLabel, data, rows.view);
  const allColumns = useSelectableColumns(columns, enableRowSelection);

  // TanStack gets only the page of rows: the row index does the search, sort and paging.
  const table = useReactTable<T>({
    data: rows.pageRows,
    columns: allColumns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    enableSorting: !remotePaging,
    manualFiltering: true,
    manualPagination: true,
    sortDescFirst: false,
    rowCount: rows.total,
    meta: { selection: selection.meta },
    state: { sorting },
    onSortingChange: (updater) => {
      measure('sort');
      const [next] = typeof updater === 'function' ? updater(sorting) : updater;
      setView({ ...view, sort: next ? { id: next.id, desc: next.desc } : null, page: 0 }, 'push');
    },
  });

  const canSort = (column: Column<T>) => column.getCanSort() && rows.accessors.has(column.id);
  const waiting = isLoading && !data;
  const search = (query: string) => {
    measure('filter');
    setView({ ...view, query, page: 0 }, 'replace');
  };

  return (
    <div
      data-slot="data-table"
      className={cn('flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs', className)}
    >
      {searchable || toolbar || urlState !== false ? (
        <Toolbar
          search={searchable ? { value: view.query, onChange: search } : undefined}
          refreshing={isFetching && !waiting}
          {...(enableRowSelection ? { selectedCount: selection.selected.size } : {})}
        >
          {toolbar?.({ selectedIds: selection.selected, clearSelection: selection.clear })}
          {urlState === false ? null : (
            <ExportButton
              columns={table.getVisibleLeafColumns()}
              count={rows.total}
              rowAt={(position) => rows.index.at(rows.view, position)}
              readAll={exportRows}
              name={exportName}
            />
          )}
        </Toolbar>
      ) : null}

      <SkippedNotice count={skipped} className="rounded-none border-x-0 border-t-0" />

      <Table aria-label={label} aria-busy={waiting || isFetching} className={PHONE.table}>
        <Head table={table} canSort={canSort} />
        <Body table={table} waiting={waiting} pageSize={page.size} selected={selection.selected} />
      </Table>

      {remotePaging ? (
        <Suspense fallback={null}>
          <RemoteFooter paging={remotePaging} rows={rows.pageRows.length} waiting={waiting} />
        </Suspense>
      ) : (
        <Footer
          pageIndex={rows.pageIndex}
          pageSize={page.size}
          pageCount={rows.pages}
          total={rows.total}
          waiting={waiting}
          onPageIndexChange={(index) => setView({ ...view, page: index }, 'push')}
          onPageSizeChange={(size) => setView({ ...view, size, page: 0 }, 'push')}
        />
      )}
    </div>
  );
}
