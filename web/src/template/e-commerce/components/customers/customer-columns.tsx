import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Badge } from '@/components/ui/badge';
import type { Customer } from '../../schemas';
import { DotLabel, fieldColumn } from '../columns';
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
    fieldColumn<Customer>('id', t('SHOP.ID'), ({ id }) => (
      <span className="text-muted-foreground tabular-nums">{id}</span>
    )),
    {
      id: 'name',
      // Sorted as a directory is: by last name, then first name.
      accessorFn: (customer) => `${customer.lastName} ${customer.firstName}`,
      header: t('CUSTOMERS.NAME'),
      cell: ({ row }) => (
        <span className="font-medium whitespace-nowrap">{customerName(row.original)}</span>
      ),
    },
    fieldColumn<Customer>('email', t('CUSTOMERS.EMAIL'), ({ email }) => (
      <span className="wrap-anywhere text-muted-foreground">{email}</span>
    )),
    fieldColumn<Customer>('gender', t('CUSTOMERS.GENDER'), ({ gender }) =>
      t(GENDER_LABELS[gender]),
    ),
    fieldColumn<Customer>('status', t('CUSTOMERS.STATUS'), ({ status }) => (
      <Badge variant={CUSTOMER_STATUS_VARIANTS[status]}>{t(CUSTOMER_STATUS_LABELS[status])}</Badge>
    )),
    fieldColumn<Customer>('type', t('CUSTOMERS.TYPE'), ({ type }) => (
      <DotLabel
        dot={type === 0 ? 'size-2 rounded-full bg-primary' : 'size-2 rounded-full bg-warning'}
      >
        {t(CUSTOMER_TYPE_LABELS[type])}
      </DotLabel>
    )),
  ];
}
