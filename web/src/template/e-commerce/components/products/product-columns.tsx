import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Badge } from '@/components/ui/badge';
import type { Product } from '../../schemas';
import { DotLabel, fieldColumn } from '../columns';
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
    fieldColumn<Product>('VINCode', t('PRODUCTS.VIN'), ({ VINCode }) => (
      <span className="font-mono text-xs text-muted-foreground">{VINCode}</span>
    )),
    fieldColumn<Product>('manufacture', t('PRODUCTS.CAR'), ({ manufacture, model }) => (
      <span className="grid leading-tight whitespace-nowrap">
        <span className="font-medium">{manufacture}</span>
        <span className="text-xs text-muted-foreground">{model}</span>
      </span>
    )),
    fieldColumn<Product>('modelYear', t('PRODUCTS.YEAR'), ({ modelYear }) => (
      <span className="tabular-nums">{modelYear}</span>
    )),
    fieldColumn<Product>('color', t('PRODUCTS.COLOR'), ({ color }) => (
      <DotLabel dot="size-3 rounded-full border border-black/10" style={{ backgroundColor: color }}>
        {color}
      </DotLabel>
    )),
    fieldColumn<Product>('price', t('PRODUCTS.PRICE'), ({ price }) => (
      <span className="font-medium whitespace-nowrap tabular-nums">{formatPrice(price)}</span>
    )),
    fieldColumn<Product>('status', t('PRODUCTS.STATUS'), ({ status }) => (
      <Badge variant={PRODUCT_STATUS_VARIANTS[status]}>{t(PRODUCT_STATUS_LABELS[status])}</Badge>
    )),
    fieldColumn<Product>('condition', t('PRODUCTS.CONDITION'), ({ condition }) => (
      <DotLabel
        dot={
          condition === 0
            ? 'size-2 rounded-full bg-success'
            : 'size-2 rounded-full bg-muted-foreground'
        }
      >
        {t(PRODUCT_CONDITION_LABELS[condition])}
      </DotLabel>
    )),
  ];
}
