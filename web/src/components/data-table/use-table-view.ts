import { useMemo } from 'react';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { useListState } from './use-url-state';

/**
 * A list's view (search, sort, page, page size) in the query string or in component state
 * (see `urlState` on DataTable), and its sort as TanStack state. An unsortable list ignores a
 * sort named in the address.
 */
export function useTableView<T, V>({
  columns,
  initialSort,
  initialPageSize,
  urlState,
  sortable,
}: {
  columns: ColumnDef<T, V>[];
  initialSort: SortingState;
  initialPageSize: number;
  urlState: boolean | string;
  sortable: boolean;
}) {
  const defaultSortId = initialSort[0]?.id;
  const defaultSortDesc = initialSort[0]?.desc ?? false;
  const defaults = useMemo(
    () => ({
      query: '',
      sort: defaultSortId === undefined ? null : { id: defaultSortId, desc: defaultSortDesc },
      page: 0,
      size: initialPageSize,
    }),
    [defaultSortId, defaultSortDesc, initialPageSize],
  );
  const sortIds = useMemo(
    () => (sortable ? sortableIds(columns) : new Set<string>()),
    [columns, sortable],
  );
  const [view, setView] = useListState({
    prefix: urlState === false ? null : urlState === true ? '' : urlState,
    defaults,
    sortIds,
    sizes: PAGE_SIZE_OPTIONS,
  });
  const sortId = view.sort?.id;
  const sortDesc = view.sort?.desc ?? false;
  const sorting = useMemo<SortingState>(
    () => (sortId === undefined ? [] : [{ id: sortId, desc: sortDesc }]),
    [sortId, sortDesc],
  );
  return { view, setView, sorting };
}

/** The ids of the columns a list can be sorted by (an address naming any other is ignored). */
function sortableIds<T, V>(columns: ColumnDef<T, V>[]): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const column of columns) {
    if (column.enableSorting === false) continue;
    const id = column.id ?? ('accessorKey' in column ? String(column.accessorKey) : undefined);
    if (id !== undefined) ids.add(id);
  }
  return ids;
}
