import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportSchema, type Report } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import { mapItems, type Listed } from '@/lib/api/listed';
import { newestFirst } from '@/lib/newest-first';
import { useApi } from '@/lib/services';
import { invoiceKeys } from './invoice-keys';

/**
 * GET /api/admin/user-reports/{userId}: the user's invoices and reports, newest first whatever
 * the upstream's order.
 */
export async function getInvoices(
  api: ApiClient,
  userId: number,
  signal?: AbortSignal,
): Promise<Listed<Report>> {
  const list = await api.request({
    path: `/admin/user-reports/${userId}`,
    payload: listOf(reportSchema),
    signal,
  });
  return mapItems(list, newestFirst);
}

export function invoicesQueryOptions(api: ApiClient, userId: number) {
  return queryOptions({
    queryKey: invoiceKeys.ofUser(userId),
    queryFn: ({ signal }) => getInvoices(api, userId, signal),
  });
}

export function useInvoices(userId: number | null) {
  const api = useApi();
  return useQuery({ ...invoicesQueryOptions(api, userId ?? 0), enabled: userId !== null });
}
