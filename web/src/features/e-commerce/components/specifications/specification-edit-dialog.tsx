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
import {
  SPEC_IDS,
  SPECIFICATION_DEFAULTS,
  type Specification,
  type SpecificationFields,
} from '../../schemas';
import { useShop } from '../../state/shop';
import { failureLines } from '../failure';
import { FormFailure } from '../form-failure';
import { InputField, SelectField } from '../form-controls';
import { SPECIFICATION_LABELS } from '../labels';
import {
  specificationFormSchema,
  specificationFormValues,
  type SpecificationFormInput,
} from './specification-form';

/** A specification of a car to create (`specification` undefined) or edit. */
export function SpecificationEditDialog({
  carId,
  specification,
  onClose,
  onSaved,
}: {
  carId: number;
  specification: Specification | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('e-commerce');
  const { actions } = useShop().specifications;
  const [failure, setFailure] = useState<string[] | null>(null);
  const form = useForm<SpecificationFormInput, unknown, Omit<SpecificationFields, 'carId'>>({
    resolver: zodResolver(specificationFormSchema),
    mode: 'onTouched',
    defaultValues: specificationFormValues(specification ?? SPECIFICATION_DEFAULTS),
  });
  const saving = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (fields) => {
    setFailure(null);
    try {
      if (specification) await actions.update(specification, { ...fields, carId });
      else await actions.create({ ...fields, carId });
    } catch (error) {
      setFailure(failureLines(error, t, t('SPECIFICATIONS.RECORD')));
      return;
    }
    toast.success(t(specification ? 'SPECIFICATIONS.UPDATED' : 'SPECIFICATIONS.CREATED'));
    onSaved();
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose()}>
      <DialogContent closeLabel={t('COMMON.CLOSE')} data-testid="specification-edit-dialog">
        <DialogHeader>
          <DialogTitle>
            {specification ? t('SPECIFICATIONS.EDIT_TITLE') : t('SPECIFICATIONS.NEW')}
          </DialogTitle>
          <DialogDescription>{t('SPECIFICATIONS.DIALOG_DESCRIPTION')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
          <FormFailure lines={failure} />
          <fieldset disabled={saving} className="grid gap-4 sm:grid-cols-2">
            <SelectField
              form={form}
              name="specId"
              label={t('SPECIFICATIONS.NAME')}
              options={SPEC_IDS.map((value) => ({
                value: String(value),
                label: t(SPECIFICATION_LABELS[value]),
              }))}
            />
            <InputField form={form} name="value" label={t('SPECIFICATIONS.VALUE')} />
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
