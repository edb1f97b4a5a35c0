import { flexRender, type Column, type Table } from '@tanstack/react-table';
import { TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { PHONE } from './phone-layout';
import { ariaSort, SortableHeader } from './sortable-header';
import { SELECT_COLUMN_ID } from './use-row-selection';

/** The header row: a sort button on each column the index can sort by. */
export function Head<T>({
  table,
  canSort,
}: {
  table: Table<T>;
  canSort: (column: Column<T>) => boolean;
}) {
  // On a phone the header keeps what acts on every row: the sort buttons and select-all.
  const onPhone = (column: Column<T>) => column.id === SELECT_COLUMN_ID || canSort(column);
  const shownOnPhone = table.getAllLeafColumns().some(onPhone);
  return (
    <TableHeader className={cn(PHONE.block, !shownOnPhone && 'max-sm:hidden')}>
      {table.getHeaderGroups().map((group) => (
        <TableRow key={group.id} className={cn('hover:bg-transparent', PHONE.headerRow)}>
          {group.headers.map((header) => {
            const content = flexRender(header.column.columnDef.header, header.getContext());
            return (
              <TableHead
                key={header.id}
                className={cn(PHONE.head, !onPhone(header.column) && 'max-sm:hidden')}
                aria-sort={ariaSort(header.column)}
              >
                {header.isPlaceholder ? null : canSort(header.column) ? (
                  <SortableHeader column={header.column}>{content}</SortableHeader>
                ) : (
                  content
                )}
              </TableHead>
            );
          })}
        </TableRow>
      ))}
    </TableHeader>
  );
}
