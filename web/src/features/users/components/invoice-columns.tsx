import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { ExternalLinkIcon, EyeIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { Report } from '@contracts/upstream/upstream';
import {
  actionsColumn,
  ClampedTextCell,
  RowActionButton,
  SerialCell,
} from '@/components/data-table/data-table-cells';
import { cn } from '@/lib/utils';
import { isWebAddress } from '../schemas';

export type InvoiceAction = 'show' | 'edit' | 'delete';

/** An invoice with its place in the whole list (SR.NO stays with the row whatever the sort). */
export interface InvoiceRow extends Report {
  serial: number;
}

export interface InvoiceColumnsOptions {
  t: TFunction<'users'>;
  onAction: (action: InvoiceAction, invoice: InvoiceRow) => void;
}

/** The link, opened in a new tab; only http(s) addresses ever become links. */
export function InvoiceLink({
  url,
  noLink,
  className,
}: {
  url: string | null;
  /** Read out where the invoice has no link (a dash is shown). */
  noLink: string;
  className?: string;
}) {
  if (url === null) {
    return (
      <span className={cn('text-muted-foreground', className)}>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{noLink}</span>
      </span>
    );
  }
  if (!isWebAddress(url)) return <span className={className}>{url}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
        className,
      )}
    >
      <span className="truncate">{url}</span>
      <ExternalLinkIcon aria-hidden="true" className="size-3.5 shrink-0" />
    </a>
  );
}

/** SR.NO, TITLE, DESCRIPTION, URL, View, Edit, Delete. */
export function invoiceColumns({
  t,
  onAction,
}: InvoiceColumnsOptions): ColumnDef<InvoiceRow, unknown>[] {
  return [
    {
      id: 'serial',
      accessorKey: 'serial',
      header: t('INVOICES.COLUMNS.SR_NO'),
      cell: ({ row }) => <SerialCell value={row.original.serial} />,
    },
    {
      id: 'title',
      accessorKey: 'title',
      header: t('INVOICES.COLUMNS.TITLE'),
      cell: ({ row }) => (
        <span className="block max-w-56 min-w-32 font-medium wrap-anywhere">
          {row.original.title}
        </span>
      ),
    },
    {
      id: 'description',
      accessorKey: 'description',
      header: t('INVOICES.COLUMNS.DESCRIPTION'),
      enableSorting: false,
      cell: ({ row }) => (
        <ClampedTextCell
          text={row.original.description}
          lines={2}
          className="max-w-80 min-w-40 text-muted-foreground"
        />
      ),
    },
    {
      id: 'url',
      accessorKey: 'url',
      header: t('INVOICES.COLUMNS.URL'),
      enableSorting: false,
      cell: ({ row }) => (
        <div className="max-w-64 min-w-36">
          <InvoiceLink url={row.original.url} noLink={t('INVOICES.NO_LINK')} />
        </div>
      ),
    },
    actionsColumn({
      id: 'view',
      header: t('INVOICES.COLUMNS.VIEW'),
      cell: ({ row }) => (
        <RowActionButton
          label={t('INVOICES.ACTIONS.SHOW', { title: row.original.title })}
          icon={EyeIcon}
          onClick={() => onAction('show', row.original)}
        />
      ),
    }),
    actionsColumn({
      id: 'edit',
      header: t('INVOICES.COLUMNS.EDIT'),
      cell: ({ row }) => (
        <RowActionButton
          label={t('INVOICES.ACTIONS.EDIT', { title: row.original.title })}
          icon={PencilIcon}
          permission="invoices.write"
          onClick={() => onAction('edit', row.original)}
        />
      ),
    }),
    actionsColumn({
      id: 'delete',
      header: t('INVOICES.COLUMNS.DELETE'),
      cell: ({ row }) => (
        <RowActionButton
          label={t('INVOICES.ACTIONS.DELETE', { title: row.original.title })}
          icon={Trash2Icon}
          destructive
          permission="invoices.write"
          onClick={() => onAction('delete', row.original)}
        />
      ),
    }),
  ];
}
