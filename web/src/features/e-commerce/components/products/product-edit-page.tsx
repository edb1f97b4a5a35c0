import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ArrowLeftIcon, SaveIcon } from 'lucide-react';
import { usePageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/lib/toast';
import { COLORS, MANUFACTURES } from '../../mock/sample-data';
import {
  PRODUCT_CONDITIONS,
  PRODUCT_DEFAULTS,
  PRODUCT_STATUSES,
  type Product,
  type ProductFields,
} from '../../schemas';
import { useShop } from '../../state/shop';
import { useStoreState } from '../../state/store';
import { failureLines } from '../failure';
import { FormFailure } from '../form-failure';
import { InputField, SelectField, TextareaField } from '../form-controls';
import { PRODUCT_CONDITION_LABELS, PRODUCT_STATUS_LABELS } from '../labels';
import { SHOP_PATHS } from '../paths';
import { RemarksPanel } from '../remarks/remarks-panel';
import { SpecificationsPanel } from '../specifications/specifications-panel';
import { productFormSchema, productFormValues, type ProductFormInput } from './product-form';

/** The lists' choices, plus the record's own value when it is not one of them. */
const choices = (values: readonly string[], current: string) =>
  (values.includes(current) || !current ? values : [current, ...values]).map((value) => ({
    value,
    label: value,
  }));

function ProductForm({
  formId,
  product,
  onSaved,
  onSavingChange,
}: {
  formId: string;
  product: Product | undefined;
  onSaved: (product: Product) => void;
  onSavingChange: (saving: boolean) => void;
}) {
  const { t } = useTranslation('e-commerce');
  const { actions } = useShop().products;
  const [failure, setFailure] = useState<string[] | null>(null);
  const initial = product ?? PRODUCT_DEFAULTS;
  const form = useForm<ProductFormInput, unknown, ProductFields>({
    resolver: zodResolver(productFormSchema),
    mode: 'onTouched',
    defaultValues: productFormValues(initial),
  });
  const saving = form.formState.isSubmitting;
  useEffect(() => onSavingChange(saving), [saving, onSavingChange]);

  const submit = form.handleSubmit(async (fields) => {
    setFailure(null);
    let saved: Product;
    try {
      saved = product ? await actions.update(product, fields) : await actions.create(fields);
    } catch (error) {
      setFailure(failureLines(error, t, t('PRODUCTS.RECORD')));
      return;
    }
    toast.success(t(product ? 'PRODUCTS.UPDATED' : 'PRODUCTS.CREATED'));
    form.reset(productFormValues(saved));
    onSaved(saved);
  });

  return (
    <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      <FormFailure lines={failure} />
      <fieldset disabled={saving} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <InputField form={form} name="model" label={t('PRODUCTS.MODEL')} />
        <SelectField
          form={form}
          name="manufacture"
          label={t('PRODUCTS.MANUFACTURE')}
          options={choices(Object.keys(MANUFACTURES), initial.manufacture)}
        />
        <InputField
          form={form}
          name="modelYear"
          inputMode="numeric"
          label={t('PRODUCTS.MODEL_YEAR')}
        />
        <InputField form={form} name="mileage" inputMode="numeric" label={t('PRODUCTS.MILEAGE')} />
        <SelectField
          form={form}
          name="color"
          label={t('PRODUCTS.COLOR')}
          options={choices(COLORS, initial.color)}
        />
        <InputField form={form} name="price" inputMode="numeric" label={t('PRODUCTS.PRICE_USD')} />
        <InputField form={form} name="VINCode" label={t('PRODUCTS.VIN')} />
        <SelectField
          form={form}
          name="condition"
          label={t('PRODUCTS.CONDITION')}
          options={PRODUCT_CONDITIONS.map((value) => ({
            value: String(value),
            label: t(PRODUCT_CONDITION_LABELS[value]),
          }))}
        />
        <SelectField
          form={form}
          name="status"
          label={t('PRODUCTS.STATUS')}
          options={PRODUCT_STATUSES.map((value) => ({
            value: String(value),
            label: t(PRODUCT_STATUS_LABELS[value]),
          }))}
        />
        <TextareaField
          form={form}
          name="description"
          label={t('PRODUCTS.DESCRIPTION')}
          className="sm:col-span-2 lg:col-span-3"
        />
      </fieldset>
    </form>
  );
}

const TABS = ['basic', 'remarks', 'specifications'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string): value is Tab => TABS.some((tab) => tab === value);

/**
 * /e-commerce/products/new and /e-commerce/products/:id/edit: a car's fields, and once it
 * exists its remarks and specifications. The record is fetched into the list state's item for
 * edit; an unknown id says so (the endpoint's 400).
 */
export function ProductEditPage({ id }: { id: number | null }) {
  const { t } = useTranslation('e-commerce');
  const { store, actions } = useShop().products;
  const { forEdit } = useStoreState(store);
  const [, navigate] = useLocation();
  const formId = useId();
  const [tab, setTab] = useState<Tab>('basic');
  const [saving, setSaving] = useState(false);
  const [loadFailure, setLoadFailure] = useState<string[] | null>(null);

  useEffect(() => {
    actions.fetchForEdit(id ?? undefined).catch((error: unknown) => {
      setLoadFailure(failureLines(error, t, t('PRODUCTS.RECORD')));
    });
  }, [actions, id, t]);

  const product = id !== null && forEdit?.id === id ? forEdit : undefined;
  const title = product
    ? t('PRODUCTS.EDIT_TITLE', { name: `${product.manufacture} ${product.model}` })
    : t('PRODUCTS.NEW');
  usePageMeta({
    title: t('PAGES.E_COMMERCE'),
    breadcrumbs: [
      { label: t('PAGES.E_COMMERCE'), href: '/e-commerce' },
      { label: t('PRODUCTS.TITLE'), href: '/e-commerce/products' },
      { label: id === null ? t('PRODUCTS.NEW') : t('PRODUCTS.EDIT') },
    ],
  });

  const header = (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-3">
        <Button asChild variant="outline" size="icon" aria-label={t('SHOP.BACK_TO_PRODUCTS')}>
          <Link href={SHOP_PATHS.products}>
            <ArrowLeftIcon aria-hidden="true" />
          </Link>
        </Button>
        <div className="grid gap-0.5">
          <h2 className="text-lg font-semibold">{title}</h2>
          {product ? (
            <p className="font-mono text-xs text-muted-foreground">{product.VINCode}</p>
          ) : null}
        </div>
      </div>
      {loadFailure || tab !== 'basic' ? null : (
        <Button
          type="submit"
          form={formId}
          disabled={saving || (id !== null && !product)}
          aria-busy={saving}
          className="self-start sm:self-auto"
        >
          {saving ? <Spinner /> : <SaveIcon aria-hidden="true" />}
          {t('COMMON.SAVE')}
        </Button>
      )}
    </div>
  );

  if (loadFailure) {
    return (
      <div className="grid gap-4">
        {header}
        <FormFailure lines={loadFailure} />
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      {header}
      <Tabs
        value={tab}
        onValueChange={(value) => isTab(value) && setTab(value)}
        className="grid gap-4"
      >
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="basic">{t('PRODUCTS.TAB_BASIC')}</TabsTrigger>
          <TabsTrigger value="remarks" disabled={!product}>
            {t('PRODUCTS.TAB_REMARKS')}
          </TabsTrigger>
          <TabsTrigger value="specifications" disabled={!product}>
            {t('PRODUCTS.TAB_SPECIFICATIONS')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="basic">
          <Card>
            <CardContent className="grid gap-4">
              {id === null ? (
                <p className="text-sm text-muted-foreground">{t('PRODUCTS.SAVE_FIRST')}</p>
              ) : null}
              {id === null || product ? (
                <ProductForm
                  key={product?.id ?? 'new'}
                  formId={formId}
                  product={product}
                  onSavingChange={setSaving}
                  onSaved={(saved) => {
                    if (id === null) navigate(SHOP_PATHS.editProduct(saved.id), { replace: true });
                  }}
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
            </CardContent>
          </Card>
        </TabsContent>
        {product ? (
          <>
            <TabsContent value="remarks">
              <RemarksPanel carId={product.id} />
            </TabsContent>
            <TabsContent value="specifications">
              <SpecificationsPanel carId={product.id} />
            </TabsContent>
          </>
        ) : null}
      </Tabs>
    </div>
  );
}
