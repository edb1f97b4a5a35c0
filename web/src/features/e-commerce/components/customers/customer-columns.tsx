import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Badge } from '@/components/ui/badge';
import type { Customer } from '../../schemas';
import {
  CUSTOMER_STATUS_LABELS,
  CUSTOMER_STATUS_VARIANTS,
  CUSTOMER_TYPE_LABELS,
  GENDER_LABELS,
} from '../labels';

/** A customer as the list and its dialogs name them. */
export const customerName = (customer: Customer) => `${customer.firstName} ${customer.lastName}`;

/** The customers' columns, but their row actions. */
export function customerColumns(t: TFunction<'e-commerce'>): ColumnDef<Customer, unknown>[] {
  return [
    {
      id: 'id',
      accessorKey: 'id',
      header: t('SHOP.ID'),
      cell: ({ row }) => (
        <span className="text-muted-foreground tabular-nums">{row.original.id}</span>
      ),
    },
    {
      id: 'name',
      // Sorted as a directory is: by last name, then first name.
      accessorFn: (customer) => `${customer.lastName} ${customer.firstName}`,
      header: t('CUSTOMERS.NAME'),
      cell: ({ row }) => (
        <span className="font-medium whitespace-nowrap">
          {row.original.firstName} {row.original.lastName}
        </span>
      ),
    },
    {
      id: 'email',
      accessorKey: 'email',
      header: t('CUSTOMERS.EMAIL'),
      cell: ({ row }) => <span className="text-muted-foreground">{row.original.email}</span>,
    },
    {
      id: 'gender',
      accessorKey: 'gender',
      header: t('CUSTOMERS.GENDER'),
      cell: ({ row }) => t(GENDER_LABELS[row.original.gender]),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('CUSTOMERS.STATUS'),
      cell: ({ row }) => (
        <Badge variant={CUSTOMER_STATUS_VARIANTS[row.original.status]}>
          {t(CUSTOMER_STATUS_LABELS[row.original.status])}
        </Badge>
      ),
    },
    {
      id: 'type',
      accessorKey: 'type',
      header: t('CUSTOMERS.TYPE'),
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          <span
            aria-hidden="true"
            className={
              row.original.type === 0
                ? 'size-2 rounded-full bg-primary'
                : 'size-2 rounded-full bg-warning'
            }
          />
          {t(CUSTOMER_TYPE_LABELS[row.original.type])}
        </span>
      ),
    },
  ];
}
