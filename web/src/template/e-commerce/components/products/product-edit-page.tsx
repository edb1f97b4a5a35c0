import { useEffect, useId, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { ArrowLeftIcon, SaveIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PRODUCT_DEFAULTS, type Product, type ProductFields } from '../../schemas';
import { useShop } from '../../state/shop';
import { FormFailure } from '../form-failure';
import { SHOP_PATHS } from '../paths';
import { RemarksPanel } from '../remarks/remarks-panel';
import { RecordLoading, ShopFormBody, useRecordForEdit, useShopForm } from '../shop-form';
import { useShopPageMeta } from '../shop-page-meta';
import { SpecificationsPanel } from '../specifications/specifications-panel';
import { productFields, productFormSchema, productFormValues } from './product-form';

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
  const { actions } = useShop().products;
  const initial = product ?? PRODUCT_DEFAULTS;
  const shopForm = useShopForm({
    resolver: zodResolver(productFormSchema),
    values: productFormValues(initial),
    record: 'PRODUCTS.RECORD',
    save: (fields: ProductFields) =>
      product ? actions.update(product, fields) : actions.create(fields),
    saved: product ? 'PRODUCTS.UPDATED' : 'PRODUCTS.CREATED',
    onSaved: (saved) => {
      shopForm.form.reset(productFormValues(saved));
      onSaved(saved);
    },
  });
  const { saving } = shopForm;
  useEffect(() => onSavingChange(saving), [saving, onSavingChange]);
  return (
    <ShopFormBody
      {...shopForm}
      id={formId}
      fields={productFields(initial)}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    />
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
  const { products } = useShop();
  const [, navigate] = useLocation();
  const formId = useId();
  const [tab, setTab] = useState<Tab>('basic');
  const [saving, setSaving] = useState(false);
  const { record: product, failure: loadFailure } = useRecordForEdit(
    products,
    id,
    'PRODUCTS.RECORD',
  );
  const title = product
    ? t('PRODUCTS.EDIT_TITLE', { name: `${product.manufacture} ${product.model}` })
    : t('PRODUCTS.NEW');
  useShopPageMeta(
    { label: t('PRODUCTS.TITLE'), href: '/e-commerce/products' },
    { label: id === null ? t('PRODUCTS.NEW') : t('PRODUCTS.EDIT') },
  );

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
                <RecordLoading />
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
