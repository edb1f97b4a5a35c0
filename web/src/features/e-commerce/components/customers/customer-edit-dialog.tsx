import { useEffect, useState } from 'react';
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
  CUSTOMER_DEFAULTS,
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  GENDERS,
  type Customer,
  type CustomerFields,
} from '../../schemas';
import { useShop } from '../../state/shop';
import { useStoreState } from '../../state/store';
import { failureLines } from '../failure';
import { FormFailure } from '../form-failure';
import { InputField, SelectField } from '../form-controls';
import { CUSTOMER_STATUS_LABELS, CUSTOMER_TYPE_LABELS, GENDER_LABELS } from '../labels';
import { customerFormSchema, customerFormValues, type CustomerFormInput } from './customer-form';

function CustomerForm({
  customer,
  onCancel,
  onSaved,
}: {
  /** Undefined: a new customer, with CUSTOMER_DEFAULTS. */
  customer: Customer | undefined;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('e-commerce');
  const { actions } = useShop().customers;
  const [failure, setFailure] = useState<string[] | null>(null);
  const form = useForm<CustomerFormInput, unknown, CustomerFields>({
    resolver: zodResolver(customerFormSchema),
    mode: 'onTouched',
    defaultValues: customerFormValues(customer ?? CUSTOMER_DEFAULTS),
  });
  const saving = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (fields) => {
    setFailure(null);
    try {
      if (customer) await actions.update(customer, fields);
      else await actions.create(fields);
    } catch (error) {
      setFailure(failureLines(error, t, t('CUSTOMERS.RECORD')));
      return;
    }
    toast.success(t(customer ? 'ECOMMERCE.CUSTOMERS.UPDATED' : 'ECOMMERCE.CUSTOMERS.CREATED'));
    onSaved();
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      <FormFailure lines={failure} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField form={form} name="firstName" label={t('CUSTOMERS.FIRST_NAME')} />
        <InputField form={form} name="lastName" label={t('CUSTOMERS.LAST_NAME')} />
        <InputField form={form} name="userName" label={t('CUSTOMERS.USERNAME')} />
        <InputField form={form} name="email" type="email" label={t('CUSTOMERS.EMAIL')} />
        <InputField
          form={form}
          name="dateOfBbirth"
          type="date"
          label={t('CUSTOMERS.DATE_OF_BIRTH')}
        />
        <InputField form={form} name="ipAddress" label={t('CUSTOMERS.IP_ADDRESS')} />
        <SelectField
          form={form}
          name="gender"
          label={t('CUSTOMERS.GENDER')}
          options={GENDERS.map((gender) => ({ value: gender, label: t(GENDER_LABELS[gender]) }))}
        />
        <SelectField
          form={form}
          name="type"
          label={t('CUSTOMERS.TYPE')}
          options={CUSTOMER_TYPES.map((type) => ({
            value: String(type),
            label: t(CUSTOMER_TYPE_LABELS[type]),
          }))}
        />
        <SelectField
          form={form}
          name="status"
          label={t('CUSTOMERS.STATUS')}
          options={CUSTOMER_STATUSES.map((status) => ({
            value: String(status),
            label: t(CUSTOMER_STATUS_LABELS[status]),
          }))}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          {t('COMMON.CANCEL')}
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? <Spinner /> : null}
          {t('COMMON.SAVE')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * A customer to create (`id` null) or edit, over the list: the record is fetched into the list
 * state's item for edit; an unknown id says so (the endpoint's 400).
 */
export function CustomerEditDialog({
  id,
  onClose,
  onSaved,
}: {
  id: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('e-commerce');
  const { store, actions } = useShop().customers;
  const { forEdit } = useStoreState(store);
  const [loadFailure, setLoadFailure] = useState<string[] | null>(null);

  useEffect(() => {
    actions.fetchForEdit(id ?? undefined).catch((error: unknown) => {
      setLoadFailure(failureLines(error, t, t('CUSTOMERS.RECORD')));
    });
  }, [actions, id, t]);

  const customer = id !== null && forEdit?.id === id ? forEdit : undefined;
  const ready = id === null || customer !== undefined;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t('COMMON.CLOSE')}
        className="sm:max-w-2xl"
        data-testid="customer-edit-dialog"
      >
        <DialogHeader>
          <DialogTitle>{id === null ? t('CUSTOMERS.NEW') : t('CUSTOMERS.EDIT_TITLE')}</DialogTitle>
          <DialogDescription>
            {customer
              ? t('CUSTOMERS.EDIT_DESCRIPTION', {
                  name: `${customer.firstName} ${customer.lastName}`,
                })
              : id === null
                ? t('CUSTOMERS.NEW_DESCRIPTION')
                : t('CUSTOMERS.NUMBER', { id })}
          </DialogDescription>
        </DialogHeader>
        {loadFailure ? (
          <>
            <FormFailure lines={loadFailure} />
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                {t('COMMON.CLOSE')}
              </Button>
            </DialogFooter>
          </>
        ) : ready ? (
          <CustomerForm
            key={id ?? 'new'}
            customer={customer}
            onCancel={onClose}
            onSaved={onSaved}
          />
        ) : (
          <p
            role="status"
            className="flex h-40 items-center justify-center gap-2 text-sm text-muted-foreground"
          >
            <Spinner />
            {t('TABLE.PLEASE_WAIT')}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
