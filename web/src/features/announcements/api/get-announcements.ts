import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { announcementSchema, type Announcement } from '@contracts/upstream';
import type { ApiClient } from '@/lib/api/api-client';
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
): Promise<Announcement[]> {
  return newestFirst(
    await api.request({
      path: '/admin/notifications',
      payload: z.array(announcementSchema),
      signal,
    }),
  );
}

export function announcementsQueryOptions(api: ApiClient) {
  // The API client is a service, not an input of the query.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: announcementKeys.list(),
    queryFn: ({ signal }) => getAnnouncements(api, signal),
  });
}

export function useAnnouncements() {
  return useQuery(announcementsQueryOptions(useApi()));
}
