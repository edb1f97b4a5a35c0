import type { ConfirmDialogProps } from './confirm-dialog-content';
import { lazyOverlay } from './lazy-overlay';

export type { ConfirmDialogProps };

/**
 * Asks before an action (approve, reject…), runs it with a spinner and keeps the user in the
 * dialog with the reason when it fails. Its code loads when it first opens.
 */
export const ConfirmDialog = lazyOverlay<ConfirmDialogProps>(() =>
  import('./confirm-dialog-content').then((module) => module.ConfirmDialogContent),
);
