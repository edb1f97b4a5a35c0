import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialogCancel, AlertDialogFooter } from '@/components/ui/alert-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

export interface PendingButtonProps extends ButtonProps {
  /** Its work is under way: the button is off and a spinner stands in for its icon. */
  pending: boolean;
  icon?: ReactNode;
}

/** A dialog's action, which takes a while. */
export function PendingButton({ pending, icon, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button disabled={pending || disabled} aria-busy={pending} {...props}>
      {pending ? <Spinner /> : icon}
      {children}
    </Button>
  );
}

export interface DialogCancelButtonProps {
  /** In an AlertDialog, whose Cancel Radix focuses on opening; else in a Dialog. */
  alert?: boolean;
  /** Defaults to the translated 'Cancel'. */
  label?: string;
  /** The dialog's work is under way: it may not be left until it settles. */
  pending: boolean;
}

/**
 * Cancel as Radix's own close: it closes through the dialog's `onOpenChange` as Escape does, so
 * whatever the dialog does on closing (refusing while pending, resetting its form) holds for both.
 */
export function DialogCancelButton({ alert = false, label, pending }: DialogCancelButtonProps) {
  const { t } = useTranslation();
  const button = (
    <Button variant="outline" disabled={pending}>
      {label ?? t('COMMON.CANCEL')}
    </Button>
  );
  return alert ? (
    <AlertDialogCancel asChild>{button}</AlertDialogCancel>
  ) : (
    <DialogClose asChild>{button}</DialogClose>
  );
}

export interface DialogSubmitFooterProps extends PendingButtonProps {
  alert?: boolean;
  cancelLabel?: string;
  /** What goes before Cancel: a note, or another action. */
  start?: ReactNode;
  footerClassName?: string;
}

/** Cancel, then the dialog's action (the remaining props are the action button's). */
export function DialogSubmitFooter({
  alert = false,
  cancelLabel,
  start,
  footerClassName,
  ...action
}: DialogSubmitFooterProps) {
  const Footer = alert ? AlertDialogFooter : DialogFooter;
  return (
    <Footer className={footerClassName}>
      {start}
      <DialogCancelButton alert={alert} label={cancelLabel} pending={action.pending} />
      <PendingButton {...action} />
    </Footer>
  );
}
