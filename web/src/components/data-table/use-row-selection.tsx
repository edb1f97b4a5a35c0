import { lazy, Suspense, useEffect, useMemo, useState, type ComponentProps } from 'react';
import type { CellContext, ColumnDef, HeaderContext } from '@tanstack/react-table';
import type { RowIndex, RowView } from './row-index';
import type { SelectionMeta } from './table-meta';
import { useLatestCallback } from './use-latest-callback';

export const SELECT_COLUMN_ID = '__select';

// Most lists (All Users on the first screen) select nothing: the checkbox loads with the first
// list that does, in place of a box of its size.
const LazyCheckbox = lazy(() =>
  import('@/components/ui/checkbox').then(({ Checkbox }) => ({ default: Checkbox })),
);
function Checkbox(props: ComponentProps<typeof LazyCheckbox>) {
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block size-4" />}>
      <LazyCheckbox {...props} />
    </Suspense>
  );
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

/** The columns with a checkbox column first when rows can be selected. */
export function useSelectableColumns<T, V>(columns: ColumnDef<T, V>[], enabled: boolean) {
  return useMemo<ColumnDef<T, V>[]>(() => {
    if (!enabled) return columns;
    const select: ColumnDef<T, V> = {
      id: SELECT_COLUMN_ID,
      enableSorting: false,
      header: SelectAllHeader as ColumnDef<T, V>['header'],
      cell: SelectRowCell as ColumnDef<T, V>['cell'],
    };
    return [select, ...columns];
  }, [enabled, columns]);
}

export interface RowSelectionInput<T> {
  data: readonly T[] | undefined;
  getRowId: (row: T) => string;
  index: RowIndex<T>;
  /** The rows the search shows: select-all acts on all of them, on every page. */
  view: RowView;
  onSelectionChange: ((ids: ReadonlySet<string>) => void) | undefined;
  labels: SelectionMeta['labels'];
}

/** Selected row ids, kept to rows still in the data, and what the checkbox column reads. */
export function useRowSelection<T>({
  data,
  getRowId,
  index,
  view,
  onSelectionChange,
  labels,
}: RowSelectionInput<T>) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const rowId = useLatestCallback(getRowId);
  const update = useLatestCallback((next: ReadonlySet<string>) => {
    setSelected(next);
    onSelectionChange?.(next);
  });

  // Rows that left the data set (deleted, refreshed) leave the selection too.
  const prune = useLatestCallback((rows: readonly T[]) => {
    if (selected.size === 0) return;
    const present = new Set(rows.map(rowId));
    const kept = new Set([...selected].filter((id) => present.has(id)));
    if (kept.size !== selected.size) update(kept);
  });
  useEffect(() => prune(data ?? []), [data, prune]);

  const visibleIds = (): string[] => {
    const ids: string[] = [];
    for (let position = 0; position < view.count; position += 1) {
      const row = index.at(view, position);
      if (row !== undefined) ids.push(rowId(row));
    }
    return ids;
  };
  const all = useMemo((): SelectionMeta['all'] => {
    if (selected.size === 0 || view.count === 0) return false;
    let count = 0;
    for (let position = 0; position < view.count; position += 1) {
      const row = index.at(view, position);
      if (row !== undefined && selected.has(rowId(row))) count += 1;
    }
    return count === view.count ? true : count > 0 ? 'indeterminate' : false;
  }, [selected, index, view, rowId]);

  const meta: SelectionMeta = {
    isSelected: (id) => selected.has(id),
    toggle: (id, value) => {
      const next = new Set(selected);
      if (value) next.add(id);
      else next.delete(id);
      update(next);
    },
    all,
    toggleAll: (value) => {
      const next = new Set(selected);
      for (const id of visibleIds()) {
        if (value) next.add(id);
        else next.delete(id);
      }
      update(next);
    },
    empty: view.count === 0,
    labels,
  };
  return { selected, meta, clear: () => update(new Set()) };
}
