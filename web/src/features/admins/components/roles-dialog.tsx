import { lazyOverlay } from '@/components/lazy-overlay';
import type { RolesDialogProps } from './roles-dialog-content';

/** The Change roles dialog; its code (and the dialog library) loads when it first opens. */
export const RolesDialog = lazyOverlay<RolesDialogProps>(() =>
  import('./roles-dialog-content').then((module) => module.RolesDialogContent),
);
