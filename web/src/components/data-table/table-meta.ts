import type { RowData } from '@tanstack/react-table';
import type { CsvValue } from './csv';

/** What the shared table's checkbox column reads from the table. */
export interface SelectionMeta {
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
    /**
     * The column in a CSV export where its value is not what the cell shows (a rank, a status
     * code, a date as a number); `date` adds an ISO 8601 column beside the value as shown;
     * `also` adds columns for more the cell shows (the e-mail under a user's name).
     */
    csv?: {
      value: (row: TData) => CsvValue;
      date?: boolean;
      also?: readonly { header: string; value: (row: TData) => CsvValue }[];
    };
  }
}
