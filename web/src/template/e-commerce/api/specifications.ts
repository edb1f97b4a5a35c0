import { specificationSchema, type Specification, type SpecificationFields } from '../schemas';
import { resourceApi, type ResourceApi } from './resource';
import type { ShopClient } from './shop-client';

/**
 * A car's specifications through api/specificationsfind/{carId};
 * api/specifications, deleteSpecifications; no bulk status.
 */
export const specificationsApi = (
  client: ShopClient,
): ResourceApi<Specification, SpecificationFields> =>
  resourceApi(
    client,
    {
      base: 'api/specifications',
      key: 'specification',
      find: (carId) => `api/specificationsfind/${carId ?? 0}`,
      removeMany: 'api/specifications/deleteSpecifications',
    },
    specificationSchema,
  );
