import { lazyOverlay } from '@/components/lazy-overlay';
import type { ResponseDialogProps } from './response-dialog-content';

/** The Response modal; its code (and the dialog library) loads when it first opens. */
export const ResponseDialog = lazyOverlay<ResponseDialogProps>(() =>
  import('./response-dialog-content').then((module) => module.ResponseDialogContent),
);
