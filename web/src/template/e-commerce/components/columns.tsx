import type { CSSProperties, ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';

/** A column of one field of the rows, sorted by its value and shown by `cell`. */
export function fieldColumn<T>(
  field: keyof T & string,
  header: string,
  cell: (row: T) => ReactNode,
): ColumnDef<T, unknown> {
  return {
    id: field,
    accessorFn: (row) => row[field],
    header,
    cell: ({ row }) => cell(row.original),
  };
}

/** A label after a dot (`dot`: its classes), which is there for the eye only. */
export function DotLabel({
  dot,
  style,
  children,
}: {
  dot: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span aria-hidden="true" className={dot} style={style} />
      {children}
    </span>
  );
}
