import type { Column } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { exportColumns } from './csv-export';

interface User {
  id: number;
  name: string;
  rank: number;
  joined: Date;
}

// The little of a TanStack column the export reads.
const column = (fields: {
  id: string;
  columnDef: Partial<Column<User, unknown>['columnDef']>;
  accessorFn?: (row: User) => unknown;
}) => fields as unknown as Column<User, unknown>;

describe('the columns of a list export', () => {
  const columns = [
    column({ id: '__select', columnDef: { header: '' } }),
    column({ id: 'id', columnDef: { header: 'ID' }, accessorFn: (row) => row.id }),
    column({ id: 'image', columnDef: { header: 'Image' } }),
    column({
      id: 'name',
      columnDef: { header: 'Name', meta: { csv: { value: (row: User) => row.name } } },
      accessorFn: (row) => row.rank,
    }),
    column({ id: 'joined', columnDef: { header: 'Joined' }, accessorFn: (row) => row.joined }),
    column({
      id: 'delete',
      columnDef: { header: 'Delete', meta: { actions: true } },
      accessorFn: (row) => row.id,
    }),
  ];
  const user: User = { id: 7, name: 'Ann', rank: 3, joined: new Date('2026-01-02T03:04:05Z') };

  it('writes a column for each more thing a cell shows, after the cell', () => {
    const specs = exportColumns([
      column({
        id: 'name',
        columnDef: {
          header: 'Name',
          meta: {
            csv: {
              value: (row: User) => row.name,
              also: [{ header: 'Email', value: (row: User) => `${row.name}@x.test` }],
            },
          },
        },
      }),
      columns[1] as Column<User, unknown>,
    ]);
    expect(specs.map((spec) => spec.header)).toEqual(['Name', 'Email', 'ID']);
    expect(specs.map((spec) => spec.value(user, 0))).toEqual(['Ann', 'Ann@x.test', 7]);
  });

  it('leaves out checkboxes, pictures and buttons, and writes what the cell shows', () => {
    const specs = exportColumns(columns);
    expect(specs.map((spec) => spec.header)).toEqual(['ID', 'Name', 'Joined']);
    const [id, name, joined] = specs.map((spec) => spec.value(user, 0));
    expect(id).toBe(7);
    expect(name).toBe('Ann');
    expect(joined).toEqual({ date: user.joined, shown: user.joined.toLocaleString() });
  });
});
