import { useTranslation } from 'react-i18next';
import { Redirect, useLocation, useRoute } from 'wouter';
import { CUSTOMER_STATUSES, CUSTOMER_TYPES } from '../../schemas';
import { useShop } from '../../state/shop';
import { choicesOf, CUSTOMER_STATUS_LABELS, CUSTOMER_TYPE_LABELS } from '../labels';
import { SHOP_PATHS, pathId } from '../paths';
import { useShopPageMeta } from '../shop-page-meta';
import { ShopListPage, type ShopListBulkStatus, type ShopListFilter } from '../shop-list-page';
import { customerColumns, customerName } from './customer-columns';
import { CustomerEditDialog } from './customer-edit-dialog';

/** The customer fields a search looks in (a case-insensitive substring match on any of them). */
const SEARCH_FIELDS = ['firstName', 'lastName', 'email', 'userName', 'ipAddress'] as const;
const STATUS_CHOICES = choicesOf(CUSTOMER_STATUSES, CUSTOMER_STATUS_LABELS);
const FILTERS: readonly ShopListFilter[] = [
  { field: 'status', label: 'CUSTOMERS.FILTER_STATUS', choices: STATUS_CHOICES },
  {
    field: 'type',
    label: 'CUSTOMERS.FILTER_TYPE',
    choices: choicesOf(CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS),
  },
];
const BULK_STATUS: ShopListBulkStatus = {
  choices: STATUS_CHOICES,
  field: 'CUSTOMERS.STATUS',
  title: 'CUSTOMERS.STATUS_SELECTED_TITLE',
  text: 'CUSTOMERS.STATUS_SELECTED_TEXT',
  updated: 'CUSTOMERS.STATUS_UPDATED',
};
const BY_ID = [{ id: 'id', desc: false }];

/**
 * /e-commerce/customers: the demo customers, found by status, type and text through the mock
 * find endpoint; create and edit in a dialog (/new, /:id/edit); delete one or the selected;
 * set the status of the selected.
 */
export function CustomersPage() {
  const { t } = useTranslation('e-commerce');
  useShopPageMeta({ label: t('CUSTOMERS.TITLE') });
  const { customers } = useShop();
  const [here, navigate] = useLocation();
  const [creating] = useRoute('/new');
  const [editing, params] = useRoute<{ id: string }>('/:id/edit');
  const editId = editing ? pathId(params.id) : null;

  if ((editing && editId === null) || (here !== '/' && !creating && !editing)) {
    return <Redirect to={SHOP_PATHS.notFound} replace />;
  }

  return (
    <ShopListPage
      section="CUSTOMERS"
      name="customer"
      list={customers}
      title="CUSTOMERS.LIST_TITLE"
      description="CUSTOMERS.LIST_DESCRIPTION"
      columns={customerColumns}
      rowName={customerName}
      filters={FILTERS}
      searchFields={SEARCH_FIELDS}
      bulkStatus={BULK_STATUS}
      deleteConfirm="ECOMMERCE.CUSTOMERS.DELETE_CONFIRM"
      deleted="ECOMMERCE.CUSTOMERS.DELETED"
      initialSort={BY_ID}
      edit={{
        onNew: () => navigate(SHOP_PATHS.newCustomer),
        onEdit: (customer) => navigate(SHOP_PATHS.editCustomer(customer.id)),
        editor: (refresh) =>
          creating || editing ? (
            <CustomerEditDialog
              key={editId ?? 'new'}
              id={creating ? null : editId}
              onClose={(saved) => {
                navigate(SHOP_PATHS.customers);
                if (saved) refresh();
              }}
            />
          ) : null,
      }}
    />
  );
}
