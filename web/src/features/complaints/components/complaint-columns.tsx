import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { CheckIcon, MessageSquareReplyIcon, Trash2Icon, XIcon } from 'lucide-react';
import { COMPLAINT_STATUS, type Complaint } from '@contracts/upstream';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/time';
import { ComplaintStatusBadge } from './complaint-status-badge';

export type ComplaintAction = 'approve' | 'reject' | 'respond' | 'delete';

export interface ComplaintColumnsOptions {
  t: TFunction<'complaints'>;
  /** Sr.no: the complaint's place in the whole list (newest first), whatever the sort. */
  serial: ReadonlyMap<number, number>;
  onAction: (action: ComplaintAction, complaint: Complaint) => void;
}

/** SPEC section 2: Sr.no, Title, Description, Complainer Name, Date Time, Action, Status,
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
      cell: ({ getValue }) => (
        <span className="text-muted-foreground tabular-nums">{String(getValue())}</span>
      ),
    },
    {
      id: 'title',
      accessorKey: 'title',
      header: t('COLUMNS.TITLE'),
      cell: ({ row }) => (
        <span className="block max-w-48 min-w-32 font-medium">{row.original.title}</span>
      ),
    },
    {
      id: 'description',
      accessorKey: 'description',
      header: t('COLUMNS.DESCRIPTION'),
      enableSorting: false,
      cell: ({ row }) => (
        <p
          className="line-clamp-3 max-w-72 min-w-48 text-muted-foreground"
          title={row.original.description}
        >
          {row.original.description}
        </p>
      ),
    },
    {
      id: 'complainer',
      accessorFn: (row) => row.user.name,
      header: t('COLUMNS.COMPLAINER'),
      cell: ({ row }) => <span className="whitespace-nowrap">{row.original.user.name}</span>,
    },
    {
      id: 'createdAt',
      accessorFn: (row) => Date.parse(row.created_at),
      header: () => (
        <span title={t('LOS_ANGELES_TIME')}>
          {t('COLUMNS.DATE_TIME')}
          <span className="sr-only"> ({t('LOS_ANGELES_TIME')})</span>
        </span>
      ),
      cell: ({ row }) => (
        <time dateTime={row.original.created_at} className="whitespace-nowrap tabular-nums">
          {formatDateTime(row.original.created_at)}
        </time>
      ),
    },
    {
      id: 'action',
      header: t('COLUMNS.ACTION'),
      enableSorting: false,
      cell: ({ row }) => {
        const complaint = row.original;
        return (
          <div className="flex items-center gap-1.5">
            <Button
              size="sm"
              variant="outline"
              className="text-success hover:text-success"
              disabled={complaint.status === COMPLAINT_STATUS.approved}
              onClick={() => onAction('approve', complaint)}
            >
              <CheckIcon aria-hidden="true" />
              {t('ACTIONS.APPROVE')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="text-destructive hover:text-destructive"
              disabled={complaint.status === COMPLAINT_STATUS.rejected}
              onClick={() => onAction('reject', complaint)}
            >
              <XIcon aria-hidden="true" />
              {t('ACTIONS.REJECT')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => onAction('respond', complaint)}>
              <MessageSquareReplyIcon aria-hidden="true" />
              {t('ACTIONS.RESPONSE')}
            </Button>
          </div>
        );
      },
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('COLUMNS.STATUS'),
      cell: ({ row }) => <ComplaintStatusBadge status={row.original.status} />,
    },
    {
      id: 'delete',
      header: t('COLUMNS.DELETE'),
      enableSorting: false,
      cell: ({ row }) => (
        <Button
          size="icon-sm"
          variant="ghost"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={t('ACTIONS.DELETE')}
          onClick={() => onAction('delete', row.original)}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      ),
    },
    {
      id: 'message',
      accessorFn: (row) => row.admin_response ?? '',
      header: t('COLUMNS.MESSAGE'),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.admin_response ? (
          <p className="line-clamp-3 max-w-72 min-w-48" title={row.original.admin_response}>
            {row.original.admin_response}
          </p>
        ) : (
          <span className="text-muted-foreground">
            <span aria-hidden="true">—</span>
            <span className="sr-only">{t('NO_RESPONSE')}</span>
          </span>
        ),
    },
  ];
}
