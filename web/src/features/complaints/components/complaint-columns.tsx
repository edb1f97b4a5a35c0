import type { ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { CheckIcon, MessageSquareReplyIcon, Trash2Icon, XIcon } from 'lucide-react';
import { COMPLAINT_STATUS, type Complaint } from '@contracts/upstream/upstream';
import {
  actionsColumn,
  ClampedTextCell,
  RowActionButton,
  SerialCell,
} from '@/components/data-table/data-table-cells';
import { TooltipAction } from '@/components/tooltip-action';
import { DATE_LOCALE, TIME_ZONE } from '@/lib/constants';
import { useAllows } from '@/lib/roles/roles';
import { formatShortDate } from '@/lib/time';
import { cn } from '@/lib/utils';
import { complainerName } from '../complainer';
import { ComplaintStatusBadge, STATUS_LABEL_KEYS } from './complaint-status-badge';

// The day and the time on two lines keep the column narrow; both in Los Angeles time.
const timeOfDay = new Intl.DateTimeFormat(DATE_LOCALE, {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});

function ActionButton({
  label,
  className,
  disabled,
  onClick,
  children,
}: {
  label: string;
  className?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const { reason } = useAllows('complaints.write');
  return (
    <TooltipAction
      label={label}
      reason={reason}
      unavailable={disabled}
      size="icon-sm"
      className={cn('aria-disabled:opacity-40', className)}
      onClick={onClick}
    >
      {children}
    </TooltipAction>
  );
}

export type ComplaintAction = 'approve' | 'reject' | 'respond' | 'delete';

export interface ComplaintColumnsOptions {
  t: TFunction<'complaints'>;
  /** Sr.no: the complaint's place in the whole list (newest first), whatever the sort. */
  serial: ReadonlyMap<number, number>;
  onAction: (action: ComplaintAction, complaint: Complaint) => void;
}

/** Sr.no, Title, Description, Complainer Name, Date Time, Action, Status,
 * Delete, Message. */
export function complaintColumns({
  t,
  serial,
  onAction,
}: ComplaintColumnsOptions): ColumnDef<Complaint, unknown>[] {
  return [
    {
      id: 'serial',
      accessorFn: (row) => serial.get(row.id) ?? 0,
      header: t('COLUMNS.SR_NO'),
      // Sr.no follows the date: sorting by Date Time gives the same order.
      enableSorting: false,
      cell: ({ getValue }) => <SerialCell value={String(getValue())} />,
    },
    {
      id: 'title',
      accessorKey: 'title',
      header: t('COLUMNS.TITLE'),
      cell: ({ row }) => (
        <span className="block max-w-40 min-w-20 font-medium wrap-anywhere">
          {row.original.title}
        </span>
      ),
    },
    {
      id: 'description',
      accessorKey: 'description',
      header: t('COLUMNS.DESCRIPTION'),
      enableSorting: false,
      cell: ({ row }) => (
        <ClampedTextCell
          text={row.original.description}
          lines={3}
          className="max-w-52 min-w-24 text-muted-foreground"
        />
      ),
    },
    {
      id: 'complainer',
      accessorFn: (row) => complainerName(row, t),
      meta: { label: t('COLUMNS.COMPLAINER') },
      header: () => <span className="whitespace-normal">{t('COLUMNS.COMPLAINER')}</span>,
      cell: ({ row }) => (
        <span
          className={cn(
            'block min-w-20 wrap-anywhere',
            !row.original.user && 'text-muted-foreground italic',
          )}
        >
          {complainerName(row.original, t)}
        </span>
      ),
    },
    {
      id: 'createdAt',
      accessorFn: (row) => Date.parse(row.created_at),
      meta: {
        label: t('COLUMNS.DATE_TIME'),
        csv: {
          value: (row) => ({
            date: new Date(row.created_at),
            shown: `${formatShortDate(row.created_at)} ${timeOfDay.format(new Date(row.created_at))}`,
          }),
          date: true,
        },
      },
      header: () => (
        <span title={t('LOS_ANGELES_TIME')}>
          {t('COLUMNS.DATE_TIME')}
          <span className="sr-only"> ({t('LOS_ANGELES_TIME')})</span>
        </span>
      ),
      cell: ({ row }) => (
        <time dateTime={row.original.created_at} className="grid whitespace-nowrap tabular-nums">
          <span>{formatShortDate(row.original.created_at)}</span>
          <span className="text-xs text-muted-foreground">
            {timeOfDay.format(new Date(row.original.created_at))}
          </span>
        </time>
      ),
    },
    actionsColumn({
      id: 'action',
      header: t('COLUMNS.ACTION'),
      cell: ({ row }) => {
        const complaint = row.original;
        return (
          <div className="flex items-center gap-1">
            <ActionButton
              label={t('ACTIONS.APPROVE')}
              className="text-success hover:bg-success/10 hover:text-success"
              disabled={complaint.status === COMPLAINT_STATUS.approved}
              onClick={() => onAction('approve', complaint)}
            >
              <CheckIcon aria-hidden="true" />
            </ActionButton>
            <ActionButton
              label={t('ACTIONS.REJECT')}
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              disabled={complaint.status === COMPLAINT_STATUS.rejected}
              onClick={() => onAction('reject', complaint)}
            >
              <XIcon aria-hidden="true" />
            </ActionButton>
            <ActionButton
              label={t('ACTIONS.RESPONSE')}
              className="text-primary hover:bg-primary/10 hover:text-primary"
              onClick={() => onAction('respond', complaint)}
            >
              <MessageSquareReplyIcon aria-hidden="true" />
            </ActionButton>
          </div>
        );
      },
    }),
    {
      id: 'status',
      accessorKey: 'status',
      header: t('COLUMNS.STATUS'),
      meta: { csv: { value: (row) => t(STATUS_LABEL_KEYS[row.status]) } },
      cell: ({ row }) => <ComplaintStatusBadge status={row.original.status} />,
    },
    actionsColumn({
      id: 'delete',
      header: t('COLUMNS.DELETE'),
      cell: ({ row }) => (
        <RowActionButton
          label={t('ACTIONS.DELETE')}
          icon={Trash2Icon}
          destructive
          permission="complaints.write"
          onClick={() => onAction('delete', row.original)}
        />
      ),
    }),
    {
      id: 'message',
      accessorFn: (row) => row.admin_response ?? '',
      header: t('COLUMNS.MESSAGE'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.admin_response ? (
          <ClampedTextCell
            text={row.original.admin_response}
            lines={3}
            className="max-w-52 min-w-24"
          />
        ) : (
          <span className="text-muted-foreground">
            <span aria-hidden="true">—</span>
            <span className="sr-only">{t('NO_RESPONSE')}</span>
          </span>
        ),
    },
  ];
}
