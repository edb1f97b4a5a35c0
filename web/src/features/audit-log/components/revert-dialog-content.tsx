import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageOffIcon, Undo2Icon } from 'lucide-react';
import {
  isRevertible,
  REVERTED_FIELDS,
  replacedImage,
  type RevertConflict,
} from '@contracts/changes/revert';
import { DialogSubmitFooter } from '@/components/dialog-submit-footer';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { errorLines, heldOf } from '@/lib/api/api-client';
import { useHeldToast } from '@/lib/changes/use-held-toast';
import { toast } from '@/lib/toast';
import { revertConflictOf, useRevertEntry } from '../api/revert-entry';
import type { AuditRow } from '../entries';
import { ConflictValues, RevertValues } from './revert-values';

export interface RevertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The entry whose change is reverted. */
  row: AuditRow | null;
}

/**
 * "Revert this change?": the values before the entry's change, which Revert sends as a new
 * change (the change policy may hold it for a second admin). When the record changed since the
 * entry, the server says so (409) and the dialog shows the values before, after and now, with
 * "Revert anyway". A revert made says "Change reverted"; a refusal toasts the server's words and
 * keeps the dialog open.
 */
export function RevertDialogContent({ open, onOpenChange, row }: RevertDialogProps) {
  const { t } = useTranslation('audit-log');
  const revert = useRevertEntry();
  const heldToast = useHeldToast();
  const [conflict, setConflict] = useState<RevertConflict | null>(null);
  const pending = revert.isPending;
  const action = row && isRevertible(row.action) ? row.action : null;

  const change = (next: boolean) => {
    if (!pending) onOpenChange(next);
  };

  const send = async () => {
    if (!row || !action) return;
    try {
      await revert.mutateAsync({ key: row.key, action, confirmed: conflict !== null });
    } catch (error) {
      if (heldOf(error)) {
        // Not made, nor failed: the request waits on the Approvals screen.
        heldToast();
        onOpenChange(false);
        return;
      }
      const found = revertConflictOf(error);
      if (found) setConflict(found);
      else toast.error(errorLines(error, t));
      return;
    }
    toast.success(t('REVERT.DONE'));
    onOpenChange(false);
  };

  return (
    <AlertDialog open={open} onOpenChange={change}>
      <AlertDialogContent
        aria-busy={pending}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
        data-testid="revert-dialog"
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{t('REVERT.TITLE')}</AlertDialogTitle>
          {/* Read out again when a conflict turns the dialog into the three values. */}
          <AlertDialogDescription aria-live="polite">
            {conflict ? t('REVERT.CONFLICT.TEXT') : t('REVERT.TEXT')}
          </AlertDialogDescription>
        </AlertDialogHeader>

        {row ? <p className="text-sm font-medium break-words">{row.summary}</p> : null}

        {action && conflict ? (
          <ConflictValues action={action} conflict={conflict} />
        ) : action ? (
          <RevertValues fields={REVERTED_FIELDS[action]} before={row?.before} />
        ) : null}

        {conflict?.latestDay === undefined ? null : (
          <p className="text-sm text-muted-foreground">
            {t('REVERT.CONFLICT.LATEST_DAY', { day: conflict.latestDay })}
          </p>
        )}

        {row && replacedImage(row) ? (
          <p className="flex gap-2 text-sm text-muted-foreground" data-testid="revert-image-note">
            <ImageOffIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('REVERT.IMAGE_NOTE')}
          </p>
        ) : null}

        <DialogSubmitFooter
          alert
          pending={pending}
          disabled={!action}
          icon={<Undo2Icon aria-hidden="true" />}
          onClick={() => void send()}
        >
          {conflict ? t('REVERT.CONFLICT.CONFIRM') : t('REVERT.CONFIRM')}
        </DialogSubmitFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
