import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Badge } from '@/components/ui/badge';
import type { Product } from '../../schemas';
import {
  formatPrice,
  PRODUCT_CONDITION_LABELS,
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUS_VARIANTS,
} from '../labels';

/** A car as its row's buttons name it. */
export const productName = (product: Product) =>
  `${product.manufacture} ${product.model} (${product.VINCode})`;

/** The cars' columns, but their row actions. */
export function productColumns(t: TFunction<'e-commerce'>): ColumnDef<Product, unknown>[] {
  return [
    {
      id: 'VINCode',
      accessorKey: 'VINCode',
      header: t('PRODUCTS.VIN'),
      cell: ({ row }) => (
        <span className="font-mono text-xs text-muted-foreground">{row.original.VINCode}</span>
      ),
    },
    {
      id: 'manufacture',
      accessorKey: 'manufacture',
      header: t('PRODUCTS.CAR'),
      cell: ({ row }) => (
        <span className="grid leading-tight whitespace-nowrap">
          <span className="font-medium">{row.original.manufacture}</span>
          <span className="text-xs text-muted-foreground">{row.original.model}</span>
        </span>
      ),
    },
    {
      id: 'modelYear',
      accessorKey: 'modelYear',
      header: t('PRODUCTS.YEAR'),
      cell: ({ row }) => <span className="tabular-nums">{row.original.modelYear}</span>,
    },
    {
      id: 'color',
      accessorKey: 'color',
      header: t('PRODUCTS.COLOR'),
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          <span
            aria-hidden="true"
            className="size-3 rounded-full border border-black/10"
            style={{ backgroundColor: row.original.color }}
          />
          {row.original.color}
        </span>
      ),
    },
    {
      id: 'price',
      accessorKey: 'price',
      header: t('PRODUCTS.PRICE'),
      cell: ({ row }) => (
        <span className="font-medium whitespace-nowrap tabular-nums">
          {formatPrice(row.original.price)}
        </span>
      ),
    },
    {
      id: 'status',
      accessorKey: 'status',
      header: t('PRODUCTS.STATUS'),
      cell: ({ row }) => (
        <Badge variant={PRODUCT_STATUS_VARIANTS[row.original.status]}>
          {t(PRODUCT_STATUS_LABELS[row.original.status])}
        </Badge>
      ),
    },
    {
      id: 'condition',
      accessorKey: 'condition',
      header: t('PRODUCTS.CONDITION'),
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          <span
            aria-hidden="true"
            className={
              row.original.condition === 0
                ? 'size-2 rounded-full bg-success'
                : 'size-2 rounded-full bg-muted-foreground'
            }
          />
          {t(PRODUCT_CONDITION_LABELS[row.original.condition])}
        </span>
      ),
    },
  ];
}
