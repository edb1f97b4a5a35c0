import type { DeleteDialogProps } from './delete-dialog-content';
import { lazyOverlay } from './lazy-overlay';

export type { DeleteDialogProps };

/**
 * The Delete dialog: 'Delete' / 'Are you sure you want to Delete?' with Close and Delete;
 * the row leaves the caller's list at once and the request waits out an Undo toast (unless the
 * policy holds it for a second admin: then it is sent at once). Its code (and the undo
 * scheduler) loads when it first opens.
 */
export const DeleteDialog = lazyOverlay<DeleteDialogProps>(() =>
  import('./delete-dialog-content').then((module) => module.DeleteDialogContent),
);
