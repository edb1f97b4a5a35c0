import { useTranslation } from 'react-i18next';
import { flexRender, type Table } from '@tanstack/react-table';
import { Spinner } from '@/components/ui/spinner';
import { TableBody, TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { labelOf, PHONE } from './phone-layout';
import { SELECT_COLUMN_ID } from './use-row-selection';

/** About the height of a row with an avatar or a button (3.6 rem): the waiting row is a page of them. */
const WAITING_ROW_REM = 3.6;

export interface BodyProps<T> {
  table: Table<T>;
  /** Waiting for the first reply: 'Please wait...' as tall as the page it waits for. */
  waiting: boolean;
  pageSize: number;
  selected: ReadonlySet<string>;
}

/** The page of rows, or the waiting row, or 'No records found'. */
export function Body<T>({ table, waiting, pageSize, selected }: BodyProps<T>) {
  const { t } = useTranslation();
  const rows = table.getRowModel().rows;
  const columnCount = table.getAllLeafColumns().length;
  if (waiting || rows.length === 0) {
    return (
      <TableBody className={PHONE.block}>
        <TableRow className={cn('hover:bg-transparent', PHONE.block)}>
          {waiting ? (
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
          ) : (
            <TableCell
              colSpan={columnCount}
              className={cn('h-40 text-center text-sm text-muted-foreground', PHONE.wide)}
            >
              {t('TABLE.NO_RECORDS')}
            </TableCell>
          )}
        </TableRow>
      </TableBody>
    );
  }
  return (
    <TableBody className={PHONE.block}>
      {rows.map((row) => (
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
      ))}
    </TableBody>
  );
}
