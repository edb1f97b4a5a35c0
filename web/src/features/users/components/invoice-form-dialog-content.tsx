import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Report } from '@contracts/upstream/upstream';
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
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorLines } from '@/lib/api/api-client';
import { placeFieldErrors } from '@/lib/api/field-errors';
import { toast } from '@/lib/toast';
import { useSaveInvoice } from '../api/save-invoice';
import {
  INVOICE_LIMITS,
  invoiceFormSchema,
  type InvoiceFormInput,
  type InvoiceUser,
} from '../schemas';

export interface InvoiceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: InvoiceUser;
  /** The invoice edited; null adds a new one. */
  invoice: Report | null;
}

const EMPTY: InvoiceFormInput = { title: '', description: '', url: '' };

/**
 * Add Invoice and Edit Invoice: title, description and an optional URL, each checked with
 * a clear message; saved with a spinner; a refusal shows the server's words and keeps what was
 * typed.
 */
export function InvoiceFormDialogContent({
  open,
  onOpenChange,
  user,
  invoice,
}: InvoiceFormDialogProps) {
  const { t } = useTranslation('users');
  const save = useSaveInvoice();
  const editing = invoice !== null;
  const form = useForm<InvoiceFormInput>({
    resolver: zodResolver(invoiceFormSchema),
    mode: 'onTouched',
    values: invoice
      ? { title: invoice.title, description: invoice.description, url: invoice.url ?? '' }
      : EMPTY,
    resetOptions: { keepDirtyValues: true },
  });
  const pending = save.isPending;

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) form.reset();
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        userId: user.id,
        ...(invoice ? { invoiceId: invoice.id } : {}),
        form: values,
      });
    } catch (error) {
      placeFieldErrors(error, form.setError, ['title', 'description', 'url']);
      toast.error(errorLines(error, t));
      return;
    }
    toast.success(t(editing ? 'MESSAGES.UPDATED_SUCCESSFULLY' : 'MESSAGES.ADDED_SUCCESSFULLY'));
    form.reset(EMPTY);
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent closeLabel={t('COMMON.CLOSE')} aria-busy={pending}>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>
              {editing ? t('INVOICES.EDIT_TITLE') : t('INVOICES.ADD_TITLE')}
            </DialogTitle>
            <DialogDescription>
              {t('INVOICES.FORM_DESCRIPTION', { name: user.name })}
            </DialogDescription>
          </DialogHeader>
          <FormField
            control={form.control}
            name="title"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('INVOICES.FIELDS.TITLE')}</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    autoComplete="off"
                    maxLength={INVOICE_LIMITS.title}
                    placeholder={t('INVOICES.FIELDS.TITLE_PLACEHOLDER')}
                    readOnly={pending}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="description"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('INVOICES.FIELDS.DESCRIPTION')}</FormLabel>
                <FormControl>
                  <Textarea
                    {...field}
                    rows={4}
                    maxLength={INVOICE_LIMITS.description}
                    placeholder={t('INVOICES.FIELDS.DESCRIPTION_PLACEHOLDER')}
                    readOnly={pending}
                    className="max-h-64"
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="url"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('INVOICES.FIELDS.URL')}</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={INVOICE_LIMITS.url}
                    placeholder="https://"
                    readOnly={pending}
                  />
                </FormControl>
                <FormDescription>{t('INVOICES.FIELDS.URL_HINT')}</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <DialogSubmitFooter type="submit" pending={pending}>
            {editing ? t('INVOICES.SAVE') : t('INVOICES.ADD')}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
