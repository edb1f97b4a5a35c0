import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { XIcon } from 'lucide-react';
import { REJECTION_REASON_MAX } from '@contracts/changes/changes';
import { DialogSubmitFooter } from '@/components/dialog-submit-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { errorLines } from '@/lib/api/api-client';
import type { RequestRow } from '@/lib/changes/change-store';
import { toast } from '@/lib/toast';
import { rejectFormSchema, type RejectFormInput } from '../schemas';
import { useDecision } from './use-decision';

export interface RejectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The request rejected. */
  row: RequestRow | null;
}

const EMPTY: RejectFormInput = { reason: '' };

/**
 * The Reject modal: a reason is required (the admin who asked reads it). A refusal toasts the
 * server's reason and keeps what was typed; a request decided meanwhile closes it.
 */
export function RejectDialogContent({ open, onOpenChange, row }: RejectDialogProps) {
  const { t } = useTranslation('approvals');
  const decide = useDecision();
  const form = useForm<RejectFormInput>({
    resolver: zodResolver(rejectFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const [pending, setPending] = useState(false);
  const length = form.watch('reason').length;

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async ({ reason }) => {
    if (!row) return;
    setPending(true);
    try {
      await decide(row.id, 'reject', reason);
    } catch (error) {
      setPending(false);
      toast.error(errorLines(error, t));
      return;
    }
    setPending(false);
    form.reset(EMPTY);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent closeLabel={t('COMMON.CLOSE')} aria-busy={pending}>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t('REJECT_DIALOG.TITLE')}</DialogTitle>
            <DialogDescription>
              {t('REJECT_DIALOG.DESCRIPTION', { summary: row?.summary ?? '' })}
            </DialogDescription>
          </DialogHeader>
          <FormField
            control={form.control}
            name="reason"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('REJECT_DIALOG.LABEL')}</FormLabel>
                <FormControl>
                  <Textarea
                    {...field}
                    rows={4}
                    maxLength={REJECTION_REASON_MAX}
                    placeholder={t('REJECT_DIALOG.PLACEHOLDER')}
                    readOnly={pending}
                    className="max-h-60"
                    data-valid={undefined}
                  />
                </FormControl>
                <FormDescription className="text-right tabular-nums">
                  {length}/{REJECTION_REASON_MAX}
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <DialogSubmitFooter
            type="submit"
            variant="destructive"
            pending={pending}
            icon={<XIcon aria-hidden="true" />}
          >
            {t('ACTIONS.REJECT')}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
