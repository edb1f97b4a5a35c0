import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { complaintSchema, type Complaint } from '@contracts/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { newestFirst } from '@/lib/newest-first';
import { useApi } from '@/lib/services';

export const complaintKeys = {
  all: ['complaints'] as const,
  list: () => [...complaintKeys.all, 'list'] as const,
};

/** GET /api/admin/user-complaint: every complaint, newest first whatever the upstream's order. */
export async function getComplaints(api: ApiClient, signal?: AbortSignal): Promise<Complaint[]> {
  return newestFirst(
    await api.request({ path: '/admin/user-complaint', payload: z.array(complaintSchema), signal }),
  );
}

export function complaintsQueryOptions(api: ApiClient) {
  // The API client is a service, not an input of the query.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: complaintKeys.list(),
    queryFn: ({ signal }) => getComplaints(api, signal),
  });
}

export function useComplaints() {
  return useQuery(complaintsQueryOptions(useApi()));
}
