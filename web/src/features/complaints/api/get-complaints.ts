import { queryOptions, useQuery } from '@tanstack/react-query';
import { complaintSchema, type Complaint } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import { mapItems, type Listed } from '@/lib/api/listed';
import { newestFirst } from '@/lib/newest-first';
import { useApi } from '@/lib/services';

export const complaintKeys = {
  all: ['complaints'] as const,
  list: () => [...complaintKeys.all, 'list'] as const,
};

/**
 * GET /api/admin/user-complaint: every readable complaint, newest first whatever the upstream's
 * order.
 */
export async function getComplaints(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<Listed<Complaint>> {
  const list = await api.request({
    path: '/admin/user-complaint',
    payload: listOf(complaintSchema),
    signal,
  });
  return mapItems(list, newestFirst);
}

export function complaintsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: complaintKeys.list(),
    queryFn: ({ signal }) => getComplaints(api, signal),
  });
}

export function useComplaints() {
  return useQuery(complaintsQueryOptions(useApi()));
}
