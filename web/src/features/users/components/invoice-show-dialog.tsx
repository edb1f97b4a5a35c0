import { lazyOverlay } from '@/components/lazy-overlay';
import type { InvoiceShowDialogProps } from './invoice-show-dialog-content';

/** Show Invoice; its code loads when it first opens. */
export const InvoiceShowDialog = lazyOverlay<InvoiceShowDialogProps>(() =>
  import('./invoice-show-dialog-content').then((module) => module.InvoiceShowDialogContent),
);
