import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { groupSchema } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import type { Listed } from '@/lib/api/listed';
import { useApi } from '@/lib/services';
import { priceListKeys } from './keys';

/** Only what the select shows: members are not read (a group may hold thousands). */
export const priceGroupSchema = z.pick(groupSchema, { id: true, name: true });
export type PriceGroup = z.infer<typeof priceGroupSchema>;

/**
 * GET /api/admin/groups, for the price screens and for Approvals' held price saves (the groups
 * screen has its own call).
 */
export function getPriceGroups(api: ApiClient, signal?: AbortSignal): Promise<Listed<PriceGroup>> {
  return api.request({ path: '/admin/groups', payload: listOf(priceGroupSchema), signal });
}

export function priceGroupsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: priceListKeys.groups(),
    queryFn: ({ signal }) => getPriceGroups(api, signal),
    // The groups screen keeps its own cache: read the list afresh each time this screen opens,
    // so a group made or deleted a moment ago is (or is no longer) offered.
    staleTime: 0,
  });
}

export function usePriceGroups() {
  return useQuery(priceGroupsQueryOptions(useApi()));
}
