import { lazyOverlay } from '@/components/lazy-overlay';
import type { SendDialogProps } from './send-dialog-content';

/** The Send Notification modal; its code loads when it first opens. */
export const SendDialog = lazyOverlay<SendDialogProps>(() =>
  import('./send-dialog-content').then((module) => module.SendDialogContent),
);
