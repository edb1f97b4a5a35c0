import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon } from 'lucide-react';
import { DialogSubmitFooter } from '@/components/dialog-submit-footer';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { errorLines } from '@/lib/api/api-client';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** Defaults to the translated 'Close'. */
  cancelLabel?: string;
  variant?: 'default' | 'destructive';
  /** The action; the dialog shows a spinner until it settles, then closes on success. */
  onConfirm: () => Promise<unknown>;
  /** Lines to show for a failure; defaults to the API error's own lines. */
  describeError?: (error: unknown) => string[];
  testId?: string;
}

/**
 * Asks before an action (approve, reject, delete…), runs it with a spinner and keeps the user
 * in the dialog with the reason when it fails.
 */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  variant = 'default',
  onConfirm,
  describeError,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) setFailure(null);
    onOpenChange(next);
  };

  const confirm = async () => {
    setPending(true);
    setFailure(null);
    try {
      await onConfirm();
      setPending(false);
      onOpenChange(false);
    } catch (error) {
      setPending(false);
      setFailure(describeError ? describeError(error) : errorLines(error, t));
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent data-testid={testId} aria-busy={pending}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {failure ? (
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden="true" />
            <AlertDescription>
              {failure.map((line, at) => (
                <p key={at}>{line}</p>
              ))}
            </AlertDescription>
          </Alert>
        ) : null}
        <DialogSubmitFooter
          alert
          cancelLabel={cancelLabel ?? t('COMMON.CLOSE')}
          variant={variant}
          pending={pending}
          onClick={() => void confirm()}
        >
          {confirmLabel}
        </DialogSubmitFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
