import { lazyOverlay } from '@/components/lazy-overlay';
import type { InvoiceFormDialogProps } from './invoice-form-dialog-content';

/** Add / Edit Invoice; its code (and the form library) loads when it first opens. */
export const InvoiceFormDialog = lazyOverlay<InvoiceFormDialogProps>(() =>
  import('./invoice-form-dialog-content').then((module) => module.InvoiceFormDialogContent),
);
