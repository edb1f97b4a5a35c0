import type { Column } from '@tanstack/react-table';

/*
 * On a phone (below sm) a row is a card: each cell on a line of its own after its column's
 * name, the action buttons together at the foot, and of the header only the sort buttons and
 * select-all. Classes only, so the table stays one table for every size and every test.
 */
export const PHONE = {
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
export function labelOf<T, V>(column: Column<T, V>): string {
  const { header, meta } = column.columnDef;
  return meta?.label ?? (typeof header === 'string' ? header : '');
}
