import { queryOptions, useQuery } from '@tanstack/react-query';
import { fuelPriceTypeSchema, type FuelPriceType } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import type { Listed } from '@/lib/api/listed';
import { useApi } from '@/lib/services';
import { priceListKeys } from './keys';

/** GET /api/admin/fuel-price-types: how a price is paid (cash, card…), for the type select. */
export function getFuelPriceTypes(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<Listed<FuelPriceType>> {
  return api.request({
    path: '/admin/fuel-price-types',
    payload: listOf(fuelPriceTypeSchema),
    signal,
  });
}

export function fuelPriceTypesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: priceListKeys.types(),
    queryFn: ({ signal }) => getFuelPriceTypes(api, signal),
    // Types change with a release of the API, not during a session.
    staleTime: Infinity,
  });
}

export function useFuelPriceTypes() {
  return useQuery(fuelPriceTypesQueryOptions(useApi()));
}
