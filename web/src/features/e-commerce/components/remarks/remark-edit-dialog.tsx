import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { REMARK_DEFAULTS, REMARK_TYPES, type Remark, type RemarkFields } from '../../schemas';
import { useShop } from '../../state/shop';
import { failureLines } from '../failure';
import { FormFailure } from '../form-failure';
import { InputField, SelectField, TextareaField } from '../form-controls';
import { REMARK_TYPE_LABELS } from '../labels';
import { remarkFormSchema, remarkFormValues, type RemarkFormInput } from './remark-form';

/** A remark of a car to create (`remark` undefined, REMARK_DEFAULTS) or edit. */
export function RemarkEditDialog({
  carId,
  remark,
  onClose,
  onSaved,
}: {
  carId: number;
  remark: Remark | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('e-commerce');
  const { actions } = useShop().remarks;
  const [failure, setFailure] = useState<string[] | null>(null);
  const form = useForm<RemarkFormInput, unknown, Omit<RemarkFields, 'carId'>>({
    resolver: zodResolver(remarkFormSchema),
    mode: 'onTouched',
    defaultValues: remarkFormValues(remark ?? REMARK_DEFAULTS),
  });
  const saving = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (fields) => {
    setFailure(null);
    try {
      if (remark) await actions.update(remark, { ...fields, carId });
      else await actions.create({ ...fields, carId });
    } catch (error) {
      setFailure(failureLines(error, t, t('REMARKS.RECORD')));
      return;
    }
    toast.success(t(remark ? 'REMARKS.UPDATED' : 'REMARKS.CREATED'));
    onSaved();
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent closeLabel={t('COMMON.CLOSE')} data-testid="remark-edit-dialog">
        <DialogHeader>
          <DialogTitle>{remark ? t('REMARKS.EDIT_TITLE') : t('REMARKS.NEW')}</DialogTitle>
          <DialogDescription>{t('REMARKS.DIALOG_DESCRIPTION')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
          <FormFailure lines={failure} />
          <fieldset disabled={saving} className="grid gap-4 sm:grid-cols-2">
            <TextareaField
              form={form}
              name="text"
              label={t('REMARKS.TEXT')}
              className="sm:col-span-2"
            />
            <SelectField
              form={form}
              name="type"
              label={t('REMARKS.TYPE')}
              options={REMARK_TYPES.map((value) => ({
                value: String(value),
                label: t(REMARK_TYPE_LABELS[value]),
              }))}
            />
            <InputField form={form} name="dueDate" type="date" label={t('REMARKS.DUE_DATE')} />
          </fieldset>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={saving}>
              {t('COMMON.CANCEL')}
            </Button>
            <Button type="submit" disabled={saving} aria-busy={saving}>
              {saving ? <Spinner /> : null}
              {t('COMMON.SAVE')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
