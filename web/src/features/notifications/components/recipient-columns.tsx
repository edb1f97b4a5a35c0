import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { SendIcon, SmartphoneIcon } from 'lucide-react';
import {
  actionsColumn,
  RowActionButton,
  SerialCell,
} from '@/components/data-table/data-table-cells';
import { Badge } from '@/components/ui/badge';
import type { AppUserRow } from '@/lib/app-users/app-users';
import { UserAvatar } from './user-avatar';

export interface RecipientColumnsOptions {
  t: TFunction<'notifications'>;
  onSend: (user: AppUserRow) => void;
}

/** The users a notification can go to: ID, Image, Name, their devices, and a per-user send. */
export function recipientColumns({
  t,
  onSend,
}: RecipientColumnsOptions): ColumnDef<AppUserRow, unknown>[] {
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
      // Ranked alphabetically when the list was loaded: a numeric sort, fast for any size.
      accessorFn: (row) => row.nameRank,
      header: t('COLUMNS.NAME'),
      meta: { csv: { value: (row) => row.name } },
      cell: ({ row }) => (
        <span className="block max-w-64 min-w-32 truncate font-medium">{row.original.name}</span>
      ),
    },
    {
      id: 'devices',
      accessorKey: 'devices',
      header: t('COLUMNS.DEVICES'),
      cell: ({ row }) =>
        row.original.devices > 0 ? (
          <Badge variant="secondary" className="tabular-nums">
            <SmartphoneIcon aria-hidden="true" />
            {row.original.devices}
          </Badge>
        ) : (
          <Badge variant="outline" className="text-muted-foreground">
            {t('NO_DEVICES')}
          </Badge>
        ),
    },
    actionsColumn({
      id: 'send',
      header: t('COLUMNS.SEND'),
      cell: ({ row }) => (
        <RowActionButton
          label={t('SEND.TO_USER', { name: row.original.name })}
          icon={SendIcon}
          text={t('SEND.BUTTON')}
          permission="push.targeted"
          onClick={() => onSend(row.original)}
        />
      ),
    }),
  ];
}
