import { lazyOverlay } from '@/components/lazy-overlay';
import type { RevertDialogProps } from './revert-dialog-content';

export type { RevertDialogProps };

/** The Revert confirmation; its code loads when it first opens. */
export const RevertDialog = lazyOverlay<RevertDialogProps>(() =>
  import('./revert-dialog-content').then((module) => module.RevertDialogContent),
);
