import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useRoute } from 'wouter';
import { PlusIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table/data-table';
import { usePageMeta } from '@/components/page-meta';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { CUSTOMER_STATUSES, CUSTOMER_TYPES, type Customer } from '../../schemas';
import { useShop } from '../../state/shop';
import { BulkStatusDialog } from '../bulk-dialogs';
import { failureLines } from '../failure';
import { CUSTOMER_STATUS_LABELS, CUSTOMER_TYPE_LABELS } from '../labels';
import {
  FilterSelect,
  ListError,
  ListHeader,
  SearchField,
  SelectionActions,
} from '../list-controls';
import { SHOP_PATHS, pathId } from '../paths';
import { useShopList } from '../use-shop-list';
import { customerColumns } from './customer-columns';
import { CustomerEditDialog } from './customer-edit-dialog';

type Dialog =
  | { kind: 'delete'; customer: Customer }
  | { kind: 'delete-selected'; ids: number[] }
  | { kind: 'status-selected'; ids: number[] };

/** The customer fields a search looks in (a case-insensitive substring match on any of them). */
const SEARCH_FIELDS = ['firstName', 'lastName', 'email', 'userName', 'ipAddress'] as const;

/**
 * /e-commerce/customers: the demo customers, found by status, type and text through the mock
 * find endpoint; create and edit in a dialog (/new, /:id/edit); delete one or the selected;
 * set the status of the selected.
 */
export function CustomersPage() {
  const { t } = useTranslation('e-commerce');
  usePageMeta({
    title: t('PAGES.E_COMMERCE'),
    breadcrumbs: [
      { label: t('PAGES.E_COMMERCE'), href: '/e-commerce' },
      { label: t('CUSTOMERS.TITLE') },
    ],
  });
  const { customers } = useShop();
  const [, navigate] = useLocation();
  const [creating] = useRoute('/new');
  const [editing, params] = useRoute<{ id: string }>('/:id/edit');
  const editId = editing ? pathId(params.id) : null;
  const [here] = useLocation();

  const [status, setStatus] = useState('');
  const [type, setType] = useState('');
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const filter = useMemo(() => {
    const query: Record<string, string | number> = {};
    if (status !== '') query['status'] = Number(status);
    if (type !== '') query['type'] = Number(type);
    if (search) for (const field of SEARCH_FIELDS) query[field] = search;
    return query;
  }, [status, type, search]);
  const list = useShopList(customers, filter);
  const { refresh } = list;

  const columns = useMemo(
    () =>
      customerColumns({
        t,
        onEdit: (customer) => navigate(SHOP_PATHS.editCustomer(customer.id)),
        onDelete: (customer) => setDialog({ kind: 'delete', customer }),
      }),
    [t, navigate],
  );
  const statusOptions = CUSTOMER_STATUSES.map((value) => ({
    value: String(value),
    label: t(CUSTOMER_STATUS_LABELS[value]),
  }));
  const typeOptions = CUSTOMER_TYPES.map((value) => ({
    value: String(value),
    label: t(CUSTOMER_TYPE_LABELS[value]),
  }));

  const closeEditor = useCallback(() => navigate(SHOP_PATHS.customers), [navigate]);
  const closeDialog = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const remove = async (customer: Customer) => {
    await customers.actions.remove(customer.id);
    toast.success(t('ECOMMERCE.CUSTOMERS.DELETED'));
    void refresh();
  };
  const removeSelected = async (ids: number[]) => {
    await customers.actions.removeMany(ids);
    toast.success(t('CUSTOMERS.DELETED_SELECTED'));
    void refresh();
  };
  const updateSelected = async (ids: number[], value: number) => {
    await customers.actions.updateStatus(ids, value);
    toast.success(t('CUSTOMERS.STATUS_UPDATED'));
    void refresh();
  };

  if ((editing && editId === null) || (here !== '/' && !creating && !editing)) {
    return <Redirect to={SHOP_PATHS.notFound} replace />;
  }

  return (
    <div className="grid gap-4">
      <ListHeader
        title={t('CUSTOMERS.LIST_TITLE')}
        description={t('CUSTOMERS.LIST_DESCRIPTION')}
        action={
          <Button onClick={() => navigate(SHOP_PATHS.newCustomer)} className="self-start">
            <PlusIcon aria-hidden="true" />
            {t('CUSTOMERS.NEW')}
          </Button>
        }
      />
      {list.failed ? <ListError onRetry={() => void refresh()} /> : null}
      <DataTable
        label={t('CUSTOMERS.TABLE_LABEL')}
        columns={columns}
        data={list.rows}
        getRowId={(customer) => String(customer.id)}
        isLoading={list.rows === undefined && !list.failed}
        isFetching={list.state.listLoading}
        enableRowSelection
        initialSort={[{ id: 'id', desc: false }]}
        toolbar={({ selectedIds, clearSelection }) => {
          const ids = [...selectedIds].map(Number);
          return (
            <>
              <FilterSelect
                label={t('CUSTOMERS.FILTER_STATUS')}
                value={status}
                onChange={setStatus}
                options={statusOptions}
              />
              <FilterSelect
                label={t('CUSTOMERS.FILTER_TYPE')}
                value={type}
                onChange={setType}
                options={typeOptions}
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

      {creating || editing ? (
        <CustomerEditDialog
          key={editId ?? 'new'}
          id={creating ? null : editId}
          onClose={closeEditor}
          onSaved={() => {
            closeEditor();
            void refresh();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={closeDialog}
        title={t('CUSTOMERS.DELETE_TITLE')}
        description={t('ECOMMERCE.CUSTOMERS.DELETE_CONFIRM')}
        confirmLabel={t('SHOP.DELETE')}
        variant="destructive"
        onConfirm={() => (dialog?.kind === 'delete' ? remove(dialog.customer) : Promise.resolve())}
        describeError={(error) => failureLines(error, t, t('CUSTOMERS.RECORD'))}
        testId="customer-delete-dialog"
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-selected'}
        onOpenChange={closeDialog}
        title={t('CUSTOMERS.DELETE_SELECTED_TITLE')}
        description={t('CUSTOMERS.DELETE_SELECTED_CONFIRM', {
          selected: dialog?.kind === 'delete-selected' ? dialog.ids.length : 0,
        })}
        confirmLabel={t('SHOP.DELETE')}
        variant="destructive"
        onConfirm={() =>
          dialog?.kind === 'delete-selected' ? removeSelected(dialog.ids) : Promise.resolve()
        }
        describeError={(error) => failureLines(error, t)}
        testId="customers-delete-dialog"
      />
      {dialog?.kind === 'status-selected' ? (
        <BulkStatusDialog
          open
          onOpenChange={closeDialog}
          title={t('CUSTOMERS.STATUS_SELECTED_TITLE')}
          description={t('CUSTOMERS.STATUS_SELECTED_TEXT', { selected: dialog.ids.length })}
          fieldLabel={t('CUSTOMERS.STATUS')}
          options={CUSTOMER_STATUSES.map((value) => ({
            value,
            label: t(CUSTOMER_STATUS_LABELS[value]),
          }))}
          onConfirm={(value) => updateSelected(dialog.ids, value)}
        />
      ) : null}
    </div>
  );
}
