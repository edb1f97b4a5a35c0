import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { ExternalLinkIcon, EyeIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { Report } from '@contracts/upstream/upstream';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
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
      cell: ({ row }) => (
        <span className="text-muted-foreground tabular-nums">{row.original.serial}</span>
      ),
    },
    {
      id: 'title',
      accessorKey: 'title',
      header: t('INVOICES.COLUMNS.TITLE'),
      cell: ({ row }) => (
        <span className="block max-w-56 min-w-32 font-medium">{row.original.title}</span>
      ),
    },
    {
      id: 'description',
      accessorKey: 'description',
      header: t('INVOICES.COLUMNS.DESCRIPTION'),
      enableSorting: false,
      cell: ({ row }) => (
        <p
          className="line-clamp-2 max-w-80 min-w-40 text-muted-foreground"
          title={row.original.description}
        >
          {row.original.description}
        </p>
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
    {
      id: 'view',
      meta: { actions: true },
      header: t('INVOICES.COLUMNS.VIEW'),
      enableSorting: false,
      cell: ({ row }) => (
        <Button
          size="icon-sm"
          variant="ghost"
          aria-label={t('INVOICES.ACTIONS.SHOW', { title: row.original.title })}
          onClick={() => onAction('show', row.original)}
        >
          <EyeIcon aria-hidden="true" />
        </Button>
      ),
    },
    {
      id: 'edit',
      meta: { actions: true },
      header: t('INVOICES.COLUMNS.EDIT'),
      enableSorting: false,
      cell: ({ row }) => (
        <Permitted permission="invoices.write">
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={t('INVOICES.ACTIONS.EDIT', { title: row.original.title })}
            onClick={() => onAction('edit', row.original)}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
        </Permitted>
      ),
    },
    {
      id: 'delete',
      meta: { actions: true },
      header: t('INVOICES.COLUMNS.DELETE'),
      enableSorting: false,
      cell: ({ row }) => (
        <Permitted permission="invoices.write">
          <Button
            size="icon-sm"
            variant="ghost"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            aria-label={t('INVOICES.ACTIONS.DELETE', { title: row.original.title })}
            onClick={() => onAction('delete', row.original)}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </Permitted>
      ),
    },
  ];
}
