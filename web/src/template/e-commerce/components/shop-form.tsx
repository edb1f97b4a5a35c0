import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import type { ListState } from '../state/list-state';
import { useStoreState, type Store } from '../state/store';
import { failureLines } from './failure';
import { FormFailure } from './form-failure';
import { ShopFields, type ShopFieldConfig, type ShopForm } from './form-controls';

type Key = ParseKeys<'e-commerce'>;

/** What a shop form edits and how it saves: the same for a dialog's form and a page's. */
export interface ShopFormSetup<I extends FieldValues, O extends FieldValues, R> {
  /** The form's zod schema, through `zodResolver`: what is typed, checked and sent. */
  resolver: Resolver<I, unknown, O>;
  /** What the boxes start with: the record's, or a new one's defaults. */
  values: DefaultValues<I>;
  fields: readonly ShopFieldConfig<I>[];
  /** 'customer': named in a 'not found' failure. */
  record: Key;
  save: (fields: O) => Promise<R>;
  /** The toast once saved. */
  saved: Key;
  onSaved: (result: R) => void;
}

/**
 * A shop form's state: checked when a field is left, and on save; a failed save says why above
 * the form, a successful one says so in a toast.
 */
export function useShopForm<I extends FieldValues, O extends FieldValues, R>({
  resolver,
  values,
  record,
  save,
  saved,
  onSaved,
}: Omit<ShopFormSetup<I, O, R>, 'fields'>) {
  const { t } = useTranslation('e-commerce');
  const [failure, setFailure] = useState<string[] | null>(null);
  const form = useForm<I, unknown, O>({ resolver, mode: 'onTouched', defaultValues: values });
  const submit = form.handleSubmit(async (fields) => {
    setFailure(null);
    let result: R;
    try {
      result = await save(fields);
    } catch (error) {
      setFailure(failureLines(error, t, t(record)));
      return;
    }
    toast.success(t(saved));
    onSaved(result);
  });
  return { form, failure, saving: form.formState.isSubmitting, submit };
}

/**
 * A shop form's body: why the last save failed, then its fields (disabled while saving) and
 * `children` (its buttons).
 */
export function ShopFormBody<I extends FieldValues, O extends FieldValues>({
  id,
  form,
  failure,
  saving,
  submit,
  fields,
  className,
  children,
}: {
  id?: string;
  form: ShopForm<I, O>;
  failure: readonly string[] | null;
  saving: boolean;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  fields: readonly ShopFieldConfig<I>[];
  /** The fields' grid. */
  className: string;
  children?: ReactNode;
}) {
  return (
    <form id={id} onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      <FormFailure lines={failure} />
      <fieldset disabled={saving} className={className}>
        <ShopFields form={form} fields={fields} />
      </fieldset>
      {children}
    </form>
  );
}

/**
 * The record to edit (`id`), fetched into its list state's item for edit; a new one's (`id`
 * null) clears it. An unknown id says so (the endpoint's 400) in `failure`.
 */
export function useRecordForEdit<T extends { id: number }, A>(
  list: {
    store: Store<ListState<T>, A>;
    actions: { fetchForEdit(id: number | undefined): Promise<T | undefined> };
  },
  id: number | null,
  record: Key,
): { record: T | undefined; failure: string[] | null } {
  const { t } = useTranslation('e-commerce');
  const { forEdit } = useStoreState(list.store);
  const [failure, setFailure] = useState<string[] | null>(null);
  const { actions } = list;
  useEffect(() => {
    actions.fetchForEdit(id ?? undefined).catch((error: unknown) => {
      setFailure(failureLines(error, t, t(record)));
    });
  }, [actions, id, t, record]);
  return { record: id !== null && forEdit?.id === id ? forEdit : undefined, failure };
}

/** Said while the record to edit is on its way. */
export function RecordLoading() {
  const { t } = useTranslation('e-commerce');
  return (
    <p
      role="status"
      className="flex h-40 items-center justify-center gap-2 text-sm text-muted-foreground"
    >
      <Spinner />
      {t('TABLE.PLEASE_WAIT')}
    </p>
  );
}
