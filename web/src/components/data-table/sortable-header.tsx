import type { ReactNode } from 'react';
import type { Column } from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (direction === 'asc') return <ArrowUpIcon aria-hidden="true" className="size-3.5" />;
  if (direction === 'desc') return <ArrowDownIcon aria-hidden="true" className="size-3.5" />;
  return <ArrowUpDownIcon aria-hidden="true" className="size-3.5 opacity-50" />;
}

/** A column header that sorts its column: asc, then desc, then unsorted. */
export function SortableHeader<T>({
  column,
  children,
}: {
  column: Column<T>;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={column.getToggleSortingHandler()}
      className="-mx-1.5 inline-flex cursor-pointer items-center gap-1.5 rounded px-1.5 py-1 uppercase hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
    >
      {children}
      <SortIcon direction={column.getIsSorted()} />
    </button>
  );
}

/** The header cell's aria-sort: only a sortable column states one. */
export function ariaSort<T>(column: Column<T>): 'ascending' | 'descending' | 'none' | undefined {
  const direction = column.getIsSorted();
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return column.getCanSort() ? 'none' : undefined;
}
