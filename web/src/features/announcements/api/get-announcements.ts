import { queryOptions, useQuery } from '@tanstack/react-query';
import { announcementSchema, type Announcement } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import { mapItems, type Listed } from '@/lib/api/listed';
import { newestFirst } from '@/lib/newest-first';
import { useApi } from '@/lib/services';

export const announcementKeys = {
  all: ['announcements'] as const,
  list: () => [...announcementKeys.all, 'list'] as const,
};

/** GET /api/admin/notifications: the announcements, newest first whatever the upstream's order. */
export async function getAnnouncements(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<Listed<Announcement>> {
  const list = await api.request({
    path: '/admin/notifications',
    payload: listOf(announcementSchema),
    signal,
  });
  return mapItems(list, newestFirst);
}

export function announcementsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: announcementKeys.list(),
    queryFn: ({ signal }) => getAnnouncements(api, signal),
  });
}

export function useAnnouncements() {
  return useQuery(announcementsQueryOptions(useApi()));
}
