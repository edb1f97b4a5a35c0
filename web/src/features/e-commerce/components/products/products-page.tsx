import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PlusIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { usePageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { PRODUCT_CONDITIONS, PRODUCT_STATUSES, type Product } from '../../schemas';
import { useShop } from '../../state/shop';
import { BulkStatusDialog } from '../bulk-dialogs';
import { failureLines } from '../failure';
import { PRODUCT_CONDITION_LABELS, PRODUCT_STATUS_LABELS } from '../labels';
import {
  FilterSelect,
  ListError,
  ListHeader,
  SearchField,
  SelectionActions,
} from '../list-controls';
import { SHOP_PATHS } from '../paths';
import { useShopList } from '../use-shop-list';
import { productColumns } from './product-columns';

type Dialog =
  | { kind: 'delete'; product: Product }
  | { kind: 'delete-selected'; ids: number[] }
  | { kind: 'status-selected'; ids: number[] };

const SEARCH_FIELDS = ['model', 'manufacture', 'VINCode', 'color'] as const;

/**
 * /e-commerce/products: the demo cars, found by status, condition and text through the mock
 * find endpoint; each opens on its own page with its remarks and specifications.
 */
export function ProductsPage() {
  const { t } = useTranslation('e-commerce');
  usePageMeta({
    title: t('PAGES.E_COMMERCE'),
    breadcrumbs: [
      { label: t('PAGES.E_COMMERCE'), href: '/e-commerce' },
      { label: t('PRODUCTS.TITLE') },
    ],
  });
  const { products } = useShop();
  const [, navigate] = useLocation();
  const [status, setStatus] = useState('');
  const [condition, setCondition] = useState('');
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const filter = useMemo(() => {
    const query: Record<string, string | number> = {};
    if (status !== '') query['status'] = Number(status);
    if (condition !== '') query['condition'] = Number(condition);
    if (search) for (const field of SEARCH_FIELDS) query[field] = search;
    return query;
  }, [status, condition, search]);
  const list = useShopList(products, filter);
  const { refresh } = list;

  const columns = useMemo(
    () =>
      productColumns({
        t,
        onEdit: (product) => navigate(SHOP_PATHS.editProduct(product.id)),
        onDelete: (product) => setDialog({ kind: 'delete', product }),
      }),
    [t, navigate],
  );
  const statusOptions = PRODUCT_STATUSES.map((value) => ({
    value,
    label: t(PRODUCT_STATUS_LABELS[value]),
  }));

  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const remove = async (product: Product) => {
    await products.actions.remove(product.id);
    toast.success(t('PRODUCTS.DELETED'));
    void refresh();
  };
  const removeSelected = async (ids: number[]) => {
    await products.actions.removeMany(ids);
    toast.success(t('PRODUCTS.DELETED_SELECTED'));
    void refresh();
  };
  const updateSelected = async (ids: number[], value: number) => {
    await products.actions.updateStatus(ids, value);
    toast.success(t('PRODUCTS.STATUS_UPDATED'));
    void refresh();
  };

  return (
    <div className="grid gap-4">
      <ListHeader
        title={t('PRODUCTS.LIST_TITLE')}
        description={t('PRODUCTS.LIST_DESCRIPTION')}
        action={
          <Button onClick={() => navigate(SHOP_PATHS.newProduct)} className="self-start">
            <PlusIcon aria-hidden="true" />
            {t('PRODUCTS.NEW')}
          </Button>
        }
      />
      {list.failed ? <ListError onRetry={() => void refresh()} /> : null}
      <DataTable
        label={t('PRODUCTS.TABLE_LABEL')}
        columns={columns}
        data={list.rows}
        getRowId={(product) => String(product.id)}
        isLoading={list.rows === undefined && !list.failed}
        isFetching={list.state.listLoading}
        enableRowSelection
        toolbar={({ selectedIds, clearSelection }) => {
          const ids = [...selectedIds].map(Number);
          return (
            <>
              <FilterSelect
                label={t('PRODUCTS.FILTER_STATUS')}
                value={status}
                onChange={setStatus}
                options={statusOptions.map((option) => ({
                  ...option,
                  value: String(option.value),
                }))}
              />
              <FilterSelect
                label={t('PRODUCTS.FILTER_CONDITION')}
                value={condition}
                onChange={setCondition}
                options={PRODUCT_CONDITIONS.map((value) => ({
                  value: String(value),
                  label: t(PRODUCT_CONDITION_LABELS[value]),
                }))}
              />
              <SearchField onSearch={setSearch} />
              {ids.length > 0 ? (
                <SelectionActions
                  onDelete={() => setDialog({ kind: 'delete-selected', ids })}
                  onStatus={() => setDialog({ kind: 'status-selected', ids })}
                  onClear={clearSelection}
                />
              ) : null}
            </>
          );
        }}
      />

      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={closeDialog}
        title={t('PRODUCTS.DELETE_TITLE')}
        description={t('PRODUCTS.DELETE_CONFIRM')}
        confirmLabel={t('SHOP.DELETE')}
        variant="destructive"
        onConfirm={() => (dialog?.kind === 'delete' ? remove(dialog.product) : Promise.resolve())}
        describeError={(error) => failureLines(error, t, t('PRODUCTS.RECORD'))}
        testId="product-delete-dialog"
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-selected'}
        onOpenChange={closeDialog}
        title={t('PRODUCTS.DELETE_SELECTED_TITLE')}
        description={t('PRODUCTS.DELETE_SELECTED_CONFIRM', {
          selected: dialog?.kind === 'delete-selected' ? dialog.ids.length : 0,
        })}
        confirmLabel={t('SHOP.DELETE')}
        variant="destructive"
        onConfirm={() =>
          dialog?.kind === 'delete-selected' ? removeSelected(dialog.ids) : Promise.resolve()
        }
        describeError={(error) => failureLines(error, t)}
        testId="products-delete-dialog"
      />
      {dialog?.kind === 'status-selected' ? (
        <BulkStatusDialog
          open
          onOpenChange={closeDialog}
          title={t('PRODUCTS.STATUS_SELECTED_TITLE')}
          description={t('PRODUCTS.STATUS_SELECTED_TEXT', { selected: dialog.ids.length })}
          fieldLabel={t('PRODUCTS.STATUS')}
          options={statusOptions}
          onConfirm={(value) => updateSelected(dialog.ids, value)}
        />
      ) : null}
    </div>
  );
}
