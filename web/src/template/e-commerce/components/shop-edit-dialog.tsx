import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldValues } from 'react-hook-form';
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
import { FormFailure } from './form-failure';
import { RecordLoading, ShopFormBody, useShopForm, type ShopFormSetup } from './shop-form';

interface ShopEditDialogProps<I extends FieldValues, O extends FieldValues, R> {
  testId: string;
  title: string;
  description: string;
  /** Two columns of fields need more room than the default width. */
  wide?: boolean;
  /** Closed by Cancel, Escape or the close button (`saved` false), or once saved (true). */
  onClose: (saved: boolean) => void;
  /** Why the record could not be loaded, or 'loading' while it is on its way. */
  load?: readonly string[] | 'loading' | null;
  form: Omit<ShopFormSetup<I, O, R>, 'onSaved'>;
}

function EditForm<I extends FieldValues, O extends FieldValues, R>({
  setup: { fields, ...setup },
  onClose,
  onSavingChange,
}: {
  setup: Omit<ShopFormSetup<I, O, R>, 'onSaved'>;
  onClose: (saved: boolean) => void;
  onSavingChange: (saving: boolean) => void;
}) {
  const { t } = useTranslation('e-commerce');
  const shopForm = useShopForm({ ...setup, onSaved: () => onClose(true) });
  const { saving } = shopForm;
  useEffect(() => onSavingChange(saving), [saving, onSavingChange]);
  return (
    <ShopFormBody {...shopForm} fields={fields} className="grid gap-4 sm:grid-cols-2">
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onClose(false)} disabled={saving}>
          {t('COMMON.CANCEL')}
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? <Spinner /> : null}
          {t('COMMON.SAVE')}
        </Button>
      </DialogFooter>
    </ShopFormBody>
  );
}

/**
 * A shop record to create or edit in a dialog over its list: its fields, described, over the
 * shared Form parts; Cancel and Save. It cannot be closed while it saves.
 */
export function ShopEditDialog<I extends FieldValues, O extends FieldValues, R>({
  testId,
  title,
  description,
  wide = false,
  onClose,
  load = null,
  form,
}: ShopEditDialogProps<I, O, R>) {
  const { t } = useTranslation('e-commerce');
  const [saving, setSaving] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => !open && !saving && onClose(false)}>
      <DialogContent
        closeLabel={t('COMMON.CLOSE')}
        loading={load === 'loading'}
        className={wide ? 'sm:max-w-2xl' : undefined}
        data-testid={testId}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {load === 'loading' ? (
          <RecordLoading />
        ) : load ? (
          <>
            <FormFailure lines={load} />
            <DialogFooter>
              <Button variant="outline" onClick={() => onClose(false)}>
                {t('COMMON.CLOSE')}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <EditForm setup={form} onClose={onClose} onSavingChange={setSaving} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A remark or a specification of a car to create (`current` undefined) or edit: the dialog
 * with the texts of its locale section.
 */
export function CarRecordDialog<I extends FieldValues, O extends FieldValues, R>({
  section,
  testId,
  current,
  onClose,
  ...form
}: Omit<ShopEditDialogProps<I, O, R>['form'], 'record' | 'saved'> & {
  section: 'REMARKS' | 'SPECIFICATIONS';
  testId: string;
  current: object | undefined;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation('e-commerce');
  return (
    <ShopEditDialog
      testId={testId}
      title={current ? t(`${section}.EDIT_TITLE`) : t(`${section}.NEW`)}
      description={t(`${section}.DIALOG_DESCRIPTION`)}
      onClose={onClose}
      form={{
        ...form,
        record: `${section}.RECORD`,
        saved: current ? `${section}.UPDATED` : `${section}.CREATED`,
      }}
    />
  );
}
