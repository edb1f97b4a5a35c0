import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Complaint } from '@contracts/upstream/upstream';
import { DialogSubmitFooter } from '@/components/dialog-submit-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { errorLines } from '@/lib/api/api-client';
import { placeFieldErrors } from '@/lib/api/field-errors';
import { complainerName } from '../complainer';
import { toast } from '@/lib/toast';
import { useRespondToComplaint } from '../api/respond-to-complaint';
import { RESPONSE_MAX, responseFormSchema, type ResponseFormInput } from '../schemas';

export interface ResponseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The complaint answered; its current response fills the field. */
  complaint: Complaint | null;
}

/**
 * The Response modal: the admin's answer, saved with a spinner; a refusal
 * toasts the server's message and keeps what was typed.
 */
export function ResponseDialogContent({ open, onOpenChange, complaint }: ResponseDialogProps) {
  const { t } = useTranslation('complaints');
  const respond = useRespondToComplaint();
  const form = useForm<ResponseFormInput>({
    resolver: zodResolver(responseFormSchema),
    mode: 'onTouched',
    values: { response: complaint?.admin_response ?? '' },
    resetOptions: { keepDirtyValues: true },
  });
  const pending = respond.isPending;

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) form.reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    if (!complaint) return;
    try {
      await respond.mutateAsync({ complaintId: complaint.id, ...values });
    } catch (error) {
      placeFieldErrors(error, form.setError, ['response']);
      toast.error(errorLines(error, t));
      return;
    }
    toast.success(t('MESSAGES.UPDATED_SUCCESSFULLY'));
    form.reset();
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent closeLabel={t('COMMON.CLOSE')} aria-busy={pending}>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t('RESPONSE.TITLE')}</DialogTitle>
            <DialogDescription>
              {t('RESPONSE.DESCRIPTION', { name: complaint ? complainerName(complaint, t) : '' })}
            </DialogDescription>
          </DialogHeader>
          {complaint ? (
            <figure className="grid gap-1 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
              <figcaption className="font-medium">{complaint.title}</figcaption>
              <blockquote className="text-muted-foreground">{complaint.description}</blockquote>
            </figure>
          ) : null}
          <FormField
            control={form.control}
            name="response"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('RESPONSE.LABEL')}</FormLabel>
                <FormControl>
                  <Textarea
                    {...field}
                    rows={5}
                    maxLength={RESPONSE_MAX}
                    placeholder={t('RESPONSE.PLACEHOLDER')}
                    readOnly={pending}
                    className="max-h-72"
                    data-valid={undefined}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <DialogSubmitFooter type="submit" pending={pending}>
            {t('RESPONSE.SUBMIT')}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
