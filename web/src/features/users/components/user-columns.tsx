import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { EyeIcon, Trash2Icon } from 'lucide-react';
import {
  actionsColumn,
  RowActionButton,
  SerialCell,
} from '@/components/data-table/data-table-cells';
import type { AppUserRow } from '@/lib/app-users/app-users';
import { UserAvatar } from './user-avatar';

export type UserAction = 'view' | 'delete';

export interface UserColumnsOptions {
  t: TFunction<'users'>;
  onAction: (action: UserAction, user: AppUserRow) => void;
}

/** ID, Image, Name, View, Delete. */
export function userColumns({ t, onAction }: UserColumnsOptions): ColumnDef<AppUserRow, unknown>[] {
  return [
    {
      id: 'id',
      accessorKey: 'id',
      header: t('COLUMNS.ID'),
      cell: ({ row }) => <SerialCell value={row.original.id} />,
    },
    {
      id: 'image',
      header: t('COLUMNS.IMAGE'),
      enableSorting: false,
      cell: ({ row }) => (
        <UserAvatar name={row.original.name} image={row.original.image} userId={row.original.id} />
      ),
    },
    {
      id: 'name',
      // The worker ranked the names alphabetically: sorting 100 000 of them is a numeric sort.
      accessorFn: (row) => row.nameRank,
      header: t('COLUMNS.NAME'),
      meta: {
        csv: {
          value: (row) => row.name,
          also: [{ header: t('COLUMNS.EMAIL'), value: (row) => row.email }],
        },
      },
      cell: ({ row }) => (
        <div className="grid max-w-40 min-w-28 gap-0.5 sm:max-w-72">
          <span className="truncate font-medium">{row.original.name}</span>
          {row.original.email ? (
            <span className="truncate text-xs text-muted-foreground">{row.original.email}</span>
          ) : null}
        </div>
      ),
    },
    actionsColumn({
      id: 'view',
      header: t('COLUMNS.VIEW'),
      cell: ({ row }) => (
        <RowActionButton
          label={t('ACTIONS.VIEW_USER', { name: row.original.name })}
          icon={EyeIcon}
          text={t('ACTIONS.VIEW')}
          onClick={() => onAction('view', row.original)}
        />
      ),
    }),
    actionsColumn({
      id: 'delete',
      header: t('COLUMNS.DELETE'),
      cell: ({ row }) => (
        <RowActionButton
          label={t('ACTIONS.DELETE_USER', { name: row.original.name })}
          icon={Trash2Icon}
          destructive
          permission="users.delete"
          onClick={() => onAction('delete', row.original)}
        />
      ),
    }),
  ];
}
