import { useId, type ReactNode } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Report } from '@contracts/upstream';
import { useFieldState } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorLines } from '@/lib/api-client';
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

function Field({
  form,
  name,
  label,
  children,
}: {
  form: UseFormReturn<InvoiceFormInput>;
  name: keyof InvoiceFormInput;
  label: string;
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    'data-valid': true | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const { error, valid } = useFieldState(form, name);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : undefined,
        'data-valid': valid || undefined,
      })}
      {error ? (
        <p id={`${id}-error`} className="text-[13px] text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Add Invoice and Edit Invoice: title, description and URL, each checked with
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
      ? { title: invoice.title, description: invoice.description, url: invoice.url }
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
          <Field form={form} name="title" label={t('INVOICES.FIELDS.TITLE')}>
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                maxLength={INVOICE_LIMITS.title}
                placeholder={t('INVOICES.FIELDS.TITLE_PLACEHOLDER')}
                readOnly={pending}
                {...form.register('title')}
              />
            )}
          </Field>
          <Field form={form} name="description" label={t('INVOICES.FIELDS.DESCRIPTION')}>
            {(control) => (
              <Textarea
                {...control}
                rows={4}
                maxLength={INVOICE_LIMITS.description}
                placeholder={t('INVOICES.FIELDS.DESCRIPTION_PLACEHOLDER')}
                readOnly={pending}
                className="max-h-64"
                {...form.register('description')}
              />
            )}
          </Field>
          <Field form={form} name="url" label={t('INVOICES.FIELDS.URL')}>
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                maxLength={INVOICE_LIMITS.url}
                placeholder="https://"
                readOnly={pending}
                {...form.register('url')}
              />
            )}
          </Field>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => change(false)}
              disabled={pending}
            >
              {t('COMMON.CANCEL')}
            </Button>
            <Button type="submit" disabled={pending} aria-busy={pending}>
              {pending ? <Spinner /> : null}
              {editing ? t('INVOICES.SAVE') : t('INVOICES.ADD')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
