import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { fuelPriceSchema, type FuelPrice } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { useCapabilities } from '@/lib/api/capabilities';
import { useApi } from '@/lib/services';
import { priceKeys } from './keys';

export interface PriceSelection {
  groupId: number;
  typeId: number;
  /** YYYY-MM-DD */
  date: string;
}

/**
 * GET /api/admin/group/{groupId}/fuel-prices/{typeId}, as the upstream answers it: the day goes
 * in the query parameter the upstream names (`dayParam`) and the reply is that day's record or
 * null; an upstream without one answers its latest record, whatever its date.
 */
export function readFuelPrices(
  api: ApiClient,
  { groupId, typeId, date }: PriceSelection,
  dayParam: string | null,
  signal?: AbortSignal,
): Promise<FuelPrice | null> {
  return api.request({
    path: `/admin/group/${groupId}/fuel-prices/${typeId}`,
    ...(dayParam === null ? {} : { query: { [dayParam]: date } }),
    payload: z.nullable(fuelPriceSchema),
    signal,
  });
}

/**
 * The prices saved for that group, type and day, or null when none are saved yet. A latest
 * record of another day counts as none: another day's prices are never shown as this one's.
 */
export async function getFuelPrices(
  api: ApiClient,
  selection: PriceSelection,
  dayParam: string | null,
  signal?: AbortSignal,
): Promise<FuelPrice | null> {
  const saved = await readFuelPrices(api, selection, dayParam, signal);
  return dayParam === null && saved?.date !== selection.date ? null : saved;
}

export function fuelPricesQueryOptions(
  api: ApiClient,
  selection: PriceSelection,
  dayParam: string | null,
) {
  // The key names the selection by its three fields; the day parameter is the deployment's,
  // fixed for the app's life: not an input of the query.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: priceKeys.saved(selection.groupId, selection.typeId, selection.date),
    queryFn: ({ signal }) => getFuelPrices(api, selection, dayParam, signal),
  });
}

/** Waits (disabled) until a group, a type and a date are chosen and the capabilities known. */
export function useFuelPrices(selection: PriceSelection | null) {
  const api = useApi();
  const capabilities = useCapabilities();
  return useQuery({
    ...fuelPricesQueryOptions(
      api,
      selection ?? { groupId: 0, typeId: 0, date: '' },
      capabilities?.priceDayParam ?? null,
    ),
    enabled: selection !== null && capabilities !== undefined,
  });
}
