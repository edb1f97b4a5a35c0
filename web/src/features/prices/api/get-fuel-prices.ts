import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fuelPriceSchema, type FuelPrice } from '@contracts/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { priceKeys } from './keys';

export interface PriceSelection {
  groupId: number;
  typeId: number;
  /** YYYY-MM-DD */
  date: string;
}

/**
 * GET /api/admin/group/{groupId}/fuel-prices/{typeId}?date=: the prices saved for that group,
 * type and day, or null when none are saved yet.
 */
export function getFuelPrices(
  api: ApiClient,
  { groupId, typeId, date }: PriceSelection,
  signal?: AbortSignal,
): Promise<FuelPrice | null> {
  return api.request({
    path: `/admin/group/${groupId}/fuel-prices/${typeId}`,
    query: { date },
    payload: z.nullable(fuelPriceSchema),
    signal,
  });
}

export function fuelPricesQueryOptions(api: ApiClient, selection: PriceSelection) {
  // The API client is a service, not an input of the query.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: priceKeys.saved(selection.groupId, selection.typeId, selection.date),
    queryFn: ({ signal }) => getFuelPrices(api, selection, signal),
  });
}

/** Waits (disabled) until a group, a type and a date are chosen. */
export function useFuelPrices(selection: PriceSelection | null) {
  const api = useApi();
  return useQuery({
    ...fuelPricesQueryOptions(api, selection ?? { groupId: 0, typeId: 0, date: '' }),
    enabled: selection !== null,
  });
}
