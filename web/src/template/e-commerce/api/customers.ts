import { customerSchema, type Customer, type CustomerFields } from '../schemas';
import { statusResourceApi, type StatusResourceApi } from './resource';
import type { ShopClient } from './shop-client';

/** The mock endpoints api/customers, find, deleteCustomers, updateStatusForCustomers. */
export const customersApi = (client: ShopClient): StatusResourceApi<Customer, CustomerFields> =>
  statusResourceApi(
    client,
    {
      base: 'api/customers',
      key: 'customer',
      find: () => 'api/customers/find',
      removeMany: 'api/customers/deleteCustomers',
      updateStatus: 'api/customers/updateStatusForCustomers',
    },
    customerSchema,
  );
