import { productSchema, type Product, type ProductFields } from '../schemas';
import { statusResourceApi, type StatusResourceApi } from './resource';
import type { ShopClient } from './shop-client';

/** The mock endpoints api/products, find, deleteProducts, updateStatusForProducts. */
export const productsApi = (client: ShopClient): StatusResourceApi<Product, ProductFields> =>
  statusResourceApi(
    client,
    {
      base: 'api/products',
      key: 'product',
      find: () => 'api/products/find',
      removeMany: 'api/products/deleteProducts',
      updateStatus: 'api/products/updateStatusForProducts',
    },
    productSchema,
  );
