import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, SaveIcon } from 'lucide-react';
import { FUEL_PRICE_FIELDS, type FuelPrice } from '@contracts/upstream/upstream';
import { Permitted } from '@/components/permitted';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { heldOf, isApiError } from '@/lib/api/api-client';
import { placeFieldErrors } from '@/lib/api/field-errors';
import { useHeldToast } from '@/lib/changes/use-held-toast';
import { useAllows } from '@/lib/roles/roles';
import { toast } from '@/lib/toast';
import { useSaveFuelPrices } from '../api/save-fuel-prices';
import type { PriceSelection } from '../api/get-fuel-prices';
import { pricesFormSchema, toFormValues, type PriceField, type PricesFormValues } from '../schemas';

const FIELD_LABEL_KEYS: Record<PriceField, ParseKeys<'prices'>> = {
  regular: 'FIELDS.REGULAR',
  premium: 'FIELDS.PREMIUM',
  diesel: 'FIELDS.DIESEL',
  renew_99: 'FIELDS.RENEW_99',
  b_20: 'FIELDS.B_20',
};

export interface PricesFormProps {
  selection: PriceSelection;
  /** What is saved for the selection (null: nothing yet); the inputs start from it. */
  saved: FuelPrice | null;
}

/**
 * The five prices of one group, type and day. Save shows 'Saved Successfully'; a failure shows
 * 'Something went wrong, please try again' and each of the server's messages, and keeps the
 * values typed. A save held for a second admin shows 'Awaiting approval' and the stored prices.
 */
export function PricesForm({ selection, saved }: PricesFormProps) {
  const { t } = useTranslation('prices');
  const save = useSaveFuelPrices();
  const heldToast = useHeldToast();
  const form = useForm<PricesFormValues>({
    resolver: zodResolver(pricesFormSchema),
    defaultValues: toFormValues(saved),
  });
  const pending = save.isPending;
  const groupId = String(selection.groupId);
  // Prices the admin's roles do not save are only shown; Save says why.
  const writable = useAllows('prices.write', groupId).allowed;
  const dirty = form.formState.isDirty;
  const [failure, setFailure] = useState<string[] | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    let stored: FuelPrice | undefined;
    try {
      stored = await save.mutateAsync({
        groupId: selection.groupId,
        fuel_price_type_id: selection.typeId,
        date: selection.date,
        ...values,
      });
    } catch (error) {
      if (heldOf(error)) {
        // Not saved, nor failed: the request waiting for approval keeps the prices typed.
        heldToast();
        form.reset();
        return;
      }
      placeFieldErrors(error, form.setError, FUEL_PRICE_FIELDS);
      const reasons =
        isApiError(error) && error.kind === 'rejected'
          ? error.lines
          : isApiError(error) && error.kind === 'network'
            ? [t('ERRORS.NETWORK')]
            : [];
      // A failed save: the fixed words and each of the server's messages, as toasts of their
      // own (the fixed words last, so they are in front of the stack); the list also stays
      // above the inputs while the admin corrects them.
      for (const reason of reasons) toast.error(reason);
      toast.error(t('SAVE_FAILED'));
      setFailure(reasons);
      return;
    }
    toast.success(t('MESSAGES.SAVED_SUCCESSFULLY'));
    // A reply that does not echo the record: what was sent is what was saved.
    form.reset(stored ? toFormValues(stored) : values);
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={pending}
      className="grid gap-5"
    >
      {failure ? (
        <Alert variant="destructive">
          <CircleAlertIcon aria-hidden="true" />
          <AlertTitle>{t('SAVE_FAILED')}</AlertTitle>
          {failure.length > 0 ? (
            <AlertDescription>
              <ul className="list-disc pl-4">
                {failure.map((line, at) => (
                  <li key={at}>{line}</li>
                ))}
              </ul>
            </AlertDescription>
          ) : null}
        </Alert>
      ) : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-5">
        {FUEL_PRICE_FIELDS.map((field) => (
          <PriceInput
            key={field}
            form={form}
            field={field}
            label={t(FIELD_LABEL_KEYS[field])}
            readOnly={pending || !writable}
          />
        ))}
      </div>
      <div className="flex flex-col-reverse gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-end">
        {dirty && !pending ? (
          <span role="status" className="text-sm text-muted-foreground sm:mr-auto">
            {t('UNSAVED')}
          </span>
        ) : null}
        {dirty ? (
          <Button type="button" variant="outline" disabled={pending} onClick={() => form.reset()}>
            {t('DISCARD')}
          </Button>
        ) : null}
        <Permitted permission="prices.write" groupId={groupId}>
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? <Spinner /> : <SaveIcon aria-hidden="true" />}
            {t('SAVE')}
          </Button>
        </Permitted>
      </div>
    </form>
  );
}

function PriceInput({
  form,
  field: name,
  label,
  readOnly,
}: {
  form: UseFormReturn<PricesFormValues>;
  field: PriceField;
  label: string;
  readOnly: boolean;
}) {
  const { t } = useTranslation('prices');
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
            >
              $
            </span>
            <FormControl>
              <Input
                type="number"
                inputMode="decimal"
                step="any"
                autoComplete="off"
                placeholder="0.000"
                readOnly={readOnly}
                className="[appearance:textfield] pr-12 pl-7 text-right tabular-nums [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
                {...field}
              />
            </FormControl>
            <FormDescription className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2">
              {t('PER_GALLON')}
            </FormDescription>
          </div>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
