import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PRODUCT_CONDITIONS, PRODUCT_STATUSES } from '../../schemas';
import { useShop } from '../../state/shop';
import { choicesOf, PRODUCT_CONDITION_LABELS, PRODUCT_STATUS_LABELS } from '../labels';
import { SHOP_PATHS } from '../paths';
import { useShopPageMeta } from '../shop-page-meta';
import { ShopListPage, type ShopListBulkStatus, type ShopListFilter } from '../shop-list-page';
import { productColumns, productName } from './product-columns';

const SEARCH_FIELDS = ['model', 'manufacture', 'VINCode', 'color'] as const;
const STATUS_CHOICES = choicesOf(PRODUCT_STATUSES, PRODUCT_STATUS_LABELS);
const FILTERS: readonly ShopListFilter[] = [
  { field: 'status', label: 'PRODUCTS.FILTER_STATUS', choices: STATUS_CHOICES },
  {
    field: 'condition',
    label: 'PRODUCTS.FILTER_CONDITION',
    choices: choicesOf(PRODUCT_CONDITIONS, PRODUCT_CONDITION_LABELS),
  },
];
const BULK_STATUS: ShopListBulkStatus = {
  choices: STATUS_CHOICES,
  field: 'PRODUCTS.STATUS',
  title: 'PRODUCTS.STATUS_SELECTED_TITLE',
  text: 'PRODUCTS.STATUS_SELECTED_TEXT',
  updated: 'PRODUCTS.STATUS_UPDATED',
};

/**
 * /e-commerce/products: the demo cars, found by status, condition and text through the mock
 * find endpoint; each opens on its own page with its remarks and specifications.
 */
export function ProductsPage() {
  const { t } = useTranslation('e-commerce');
  useShopPageMeta({ label: t('PRODUCTS.TITLE') });
  const { products } = useShop();
  const [, navigate] = useLocation();
  return (
    <ShopListPage
      section="PRODUCTS"
      name="product"
      list={products}
      title="PRODUCTS.LIST_TITLE"
      description="PRODUCTS.LIST_DESCRIPTION"
      columns={productColumns}
      rowName={productName}
      filters={FILTERS}
      searchFields={SEARCH_FIELDS}
      bulkStatus={BULK_STATUS}
      deleteConfirm="PRODUCTS.DELETE_CONFIRM"
      deleted="PRODUCTS.DELETED"
      edit={{
        onNew: () => navigate(SHOP_PATHS.newProduct),
        onEdit: (product) => navigate(SHOP_PATHS.editProduct(product.id)),
      }}
    />
  );
}
