import type { DeleteDialogProps } from './delete-dialog-content';
import { lazyOverlay } from './lazy-overlay';

export type { DeleteDialogProps };

/**
 * The Delete dialog: 'Delete' / 'Are you sure you want to Delete?' with Close and Delete;
 * it sends the request itself and refreshes the caller's list. Its code loads when it first
 * opens.
 */
export const DeleteDialog = lazyOverlay<DeleteDialogProps>(() =>
  import('./delete-dialog-content').then((module) => module.DeleteDialogContent),
);
