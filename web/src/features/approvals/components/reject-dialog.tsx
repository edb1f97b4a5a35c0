import { lazyOverlay } from '@/components/lazy-overlay';
import type { RejectDialogProps } from './reject-dialog-content';

/** The Reject modal; its code (and the form library) loads when it first opens. */
export const RejectDialog = lazyOverlay<RejectDialogProps>(() =>
  import('./reject-dialog-content').then((module) => module.RejectDialogContent),
);
