import { createContext, use, type ReactNode } from 'react';
import type { KeyValueStorage } from '@/lib/storage';
import { customersApi } from '../api/customers';
import { demoAuthApi } from '../api/demo-auth';
import { productsApi } from '../api/products';
import { remarksApi } from '../api/remarks';
import { createShopClient } from '../api/shop-client';
import { specificationsApi } from '../api/specifications';
import type { MockFetch } from '../mock/server';
import type {
  Customer,
  CustomerFields,
  Product,
  ProductFields,
  Remark,
  RemarkFields,
  Specification,
  SpecificationFields,
} from '../schemas';
import {
  demoAuthActions,
  demoAuthReducer,
  initialDemoAuthState,
  keepDemoAuth,
  keptDemoAuth,
  type DemoAuthAction,
  type DemoAuthActions,
  type DemoAuthState,
} from './demo-auth';
import {
  listActions,
  statusListActions,
  type ListActions,
  type StatusListActions,
} from './list-actions';
import {
  createListReducer,
  createStatusListReducer,
  initialListState,
  type ListAction,
  type ListState,
  type StatusListAction,
} from './list-state';
import { createStore, type Store } from './store';

export interface ShopList<T, F> {
  store: Store<ListState<T>, ListAction<T>>;
  actions: ListActions<T, F>;
}

export interface StatusShopList<T, F> {
  store: Store<ListState<T>, StatusListAction<T>>;
  actions: StatusListActions<T, F>;
}

/**
 * The demo shop's client state: the demo session and the four lists (customers, products, remarks,
 * specifications).
 */
export interface Shop {
  auth: { store: Store<DemoAuthState, DemoAuthAction>; actions: DemoAuthActions };
  customers: StatusShopList<Customer, CustomerFields>;
  products: StatusShopList<Product, ProductFields>;
  remarks: StatusShopList<Remark, RemarkFields>;
  specifications: ShopList<Specification, SpecificationFields>;
}

/**
 * Everything the shop's screens share, over a mock server (the page's, or a test's). With a
 * storage, the demo session's token is kept there between visits.
 */
export function createShop(fetch: MockFetch, storage?: KeyValueStorage): Shop {
  const authStore = createStore(
    demoAuthReducer,
    storage ? keptDemoAuth(storage) : initialDemoAuthState,
  );
  if (storage) authStore.subscribe(() => keepDemoAuth(storage, authStore.getState()));
  const client = createShopClient(fetch, () => authStore.getState().authToken);

  const customers = createStore(
    createStatusListReducer<Customer>('customers', 'status'),
    initialListState<Customer>(),
  );
  const products = createStore(
    createStatusListReducer<Product>('products', 'status'),
    initialListState<Product>(),
  );
  const remarks = createStore(
    createStatusListReducer<Remark>('remarks', 'type'),
    initialListState<Remark>(),
  );
  const specifications = createStore(
    createListReducer<Specification>('specifications'),
    initialListState<Specification>(),
  );

  return {
    auth: { store: authStore, actions: demoAuthActions(demoAuthApi(client), authStore.dispatch) },
    customers: {
      store: customers,
      actions: statusListActions(customersApi(client), customers.dispatch),
    },
    products: {
      store: products,
      actions: statusListActions(productsApi(client), products.dispatch),
    },
    remarks: { store: remarks, actions: statusListActions(remarksApi(client), remarks.dispatch) },
    specifications: {
      store: specifications,
      actions: listActions(specificationsApi(client), specifications.dispatch),
    },
  };
}

const ShopContext = createContext<Shop | null>(null);

export function ShopProvider({ shop, children }: { shop: Shop; children: ReactNode }) {
  return <ShopContext value={shop}>{children}</ShopContext>;
}

export function useShop(): Shop {
  const shop = use(ShopContext);
  if (!shop) throw new Error('useShop outside <ShopProvider>');
  return shop;
}
