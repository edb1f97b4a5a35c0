import { queryOptions, useQuery } from '@tanstack/react-query';
import { offerSchema, type Offer } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import type { Listed } from '@/lib/api/listed';
import { useApi } from '@/lib/services';

export const offerKeys = {
  all: ['offers'] as const,
  list: () => [...offerKeys.all, 'list'] as const,
};

export const offerListSchema = listOf(offerSchema);

/** GET /api/admin/offers: the filled slots, first to third. */
export function getOffers(api: ApiClient, signal?: AbortSignal): Promise<Listed<Offer>> {
  return api.request({ path: '/admin/offers', payload: offerListSchema, signal });
}

export function offersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: offerKeys.list(),
    queryFn: ({ signal }) => getOffers(api, signal),
  });
}

export function useOffers() {
  return useQuery(offersQueryOptions(useApi()));
}
