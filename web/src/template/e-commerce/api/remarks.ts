import { remarkSchema, type Remark, type RemarkFields } from '../schemas';
import { statusResourceApi, type StatusResourceApi } from './resource';
import type { ShopClient } from './shop-client';

/**
 * A car's remarks through api/remarksfind/{carId}; api/remarks,
 * deleteRemarks; and the bulk status every list but specifications has (it sets the type).
 */
export const remarksApi = (client: ShopClient): StatusResourceApi<Remark, RemarkFields> =>
  statusResourceApi(
    client,
    {
      base: 'api/remarks',
      key: 'remark',
      find: (carId) => `api/remarksfind/${carId ?? 0}`,
      removeMany: 'api/remarks/deleteRemarks',
      updateStatus: 'api/remarks/updateStatusForRemarks',
    },
    remarkSchema,
  );
