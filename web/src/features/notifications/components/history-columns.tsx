import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Trash2Icon, UserIcon, UsersIcon } from 'lucide-react';
import type { Alert } from '@contracts/push/alerts';
import {
  actionsColumn,
  ClampedTextCell,
  RowActionButton,
  SerialCell,
} from '@/components/data-table/data-table-cells';
import { pushPermission } from '@/lib/roles/grants';
import { formatDateTime } from '@/lib/time';
import { DELIVERY_REPORT_EXPECTED_MS, DeliveryStatus } from './delivery-status';
import { SendDetails } from './send-details';

/** An alert with its place in the history (newest first), whatever the sort. */
export type HistoryRow = Alert & { serial: number };

export interface HistoryColumnsOptions {
  t: TFunction<'notifications'>;
  now: number;
  onDelete: (alert: HistoryRow) => void;
}

function Recipient({ alert, t }: { alert: Alert; t: TFunction<'notifications'> }) {
  if (alert.target === 'all') {
    return (
      <span className="inline-flex items-center gap-1.5 font-medium whitespace-nowrap">
        <UsersIcon aria-hidden="true" className="size-4 text-primary" />
        {t('HISTORY.TO_ALL')}
      </span>
    );
  }
  return (
    <span className="inline-flex max-w-56 min-w-32 items-start gap-1.5">
      {alert.target === 'group' ? (
        <UsersIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      ) : (
        <UserIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      )}
      {/* Whole, wrapping anywhere: a long name must not set the column's least width past the
          screen. */}
      <span className="min-w-0 wrap-anywhere">{alert.userName || t('HISTORY.UNNAMED')}</span>
      <span className="sr-only">
        {alert.target === 'group' ? t('HISTORY.A_GROUP') : t('HISTORY.A_USER')}
      </span>
    </span>
  );
}

/** Who an alert went to, in words: everyone, or the user's or group's name. */
function recipientText(alert: Alert, t: TFunction<'notifications'>): string {
  if (alert.target === 'all') return t('HISTORY.TO_ALL');
  const name = alert.userName || t('HISTORY.UNNAMED');
  return `${name} ${alert.target === 'group' ? t('HISTORY.A_GROUP') : t('HISTORY.A_USER')}`;
}

/** The delivery in words, as its badges say it (an export has no badges). */
function deliveryText(alert: Alert, now: number, t: TFunction<'notifications'>): string {
  const { delivery } = alert;
  if (!delivery) {
    return now - alert.timeStamp > DELIVERY_REPORT_EXPECTED_MS
      ? t('DELIVERY.NO_REPORT')
      : t('DELIVERY.PENDING');
  }
  if (delivery.sent + delivery.failed === 0) return t('DELIVERY.NO_DEVICES');
  return t('DELIVERY.SENT_AND_FAILED', {
    sent: delivery.sent.toLocaleString('en-US'),
    failed: delivery.failed.toLocaleString('en-US'),
  });
}

/** The history: Sr.No, Title, Description, Sent to, Date Time, Delivery, Delete. */
export function historyColumns({
  t,
  now,
  onDelete,
}: HistoryColumnsOptions): ColumnDef<HistoryRow, unknown>[] {
  return [
    {
      id: 'serial',
      accessorKey: 'serial',
      header: t('HISTORY.COLUMNS.SR_NO'),
      cell: ({ row }) => <SerialCell value={row.original.serial} />,
    },
    {
      id: 'title',
      accessorKey: 'title',
      header: t('HISTORY.COLUMNS.TITLE'),
      cell: ({ row }) => (
        <span className="block max-w-48 min-w-28 font-medium wrap-anywhere">
          {row.original.title}
        </span>
      ),
    },
    {
      id: 'description',
      accessorKey: 'description',
      header: t('HISTORY.COLUMNS.DESCRIPTION'),
      enableSorting: false,
      cell: ({ row }) => (
        <ClampedTextCell
          text={row.original.description}
          lines={2}
          className="max-w-72 min-w-40 text-muted-foreground"
        />
      ),
    },
    {
      id: 'to',
      accessorFn: (row) => (row.target === 'all' ? '' : row.userName),
      meta: { csv: { value: (row) => recipientText(row, t) } },
      header: t('HISTORY.COLUMNS.TO'),
      cell: ({ row }) => <Recipient alert={row.original} t={t} />,
    },
    {
      id: 'time',
      accessorKey: 'timeStamp',
      meta: {
        label: t('HISTORY.COLUMNS.TIME'),
        csv: {
          value: (row) => ({
            date: new Date(row.timeStamp),
            shown: formatDateTime(row.timeStamp),
          }),
          date: true,
        },
      },
      header: () => (
        <span title={t('HISTORY.LOS_ANGELES_TIME')}>
          {t('HISTORY.COLUMNS.TIME')}
          <span className="sr-only"> ({t('HISTORY.LOS_ANGELES_TIME')})</span>
        </span>
      ),
      cell: ({ row }) => (
        <time
          dateTime={new Date(row.original.timeStamp).toISOString()}
          className="whitespace-nowrap tabular-nums"
        >
          {formatDateTime(row.original.timeStamp)}
        </time>
      ),
    },
    {
      id: 'delivery',
      meta: { csv: { value: (row) => deliveryText(row, now, t) } },
      header: t('HISTORY.COLUMNS.DELIVERY'),
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-wrap items-center gap-1">
          <DeliveryStatus alert={row.original} now={now} />
          <SendDetails alert={row.original} />
        </div>
      ),
    },
    actionsColumn({
      id: 'delete',
      header: t('HISTORY.COLUMNS.DELETE'),
      cell: ({ row }) => (
        <RowActionButton
          label={t('HISTORY.DELETE', { title: row.original.title })}
          icon={Trash2Icon}
          destructive
          permission={pushPermission(row.original.target)}
          onClick={() => onDelete(row.original)}
        />
      ),
    }),
  ];
}
