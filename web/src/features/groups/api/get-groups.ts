import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupSchema, type Group } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import { mapItems } from '@/lib/api/listed';
import { useApi } from '@/lib/services';

export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  members: (groupId: number) => [...groupKeys.all, 'members', groupId] as const,
};

/** Lists are newest first (the upstream already sends them so). */
export function newestFirst(groups: readonly Group[]): Group[] {
  return [...groups].sort((a, b) => b.timestamp - a.timestamp || b.id - a.id);
}

export const getGroups = (api: ApiClient, signal?: AbortSignal) =>
  api.request({ path: '/admin/groups', payload: listOf(groupSchema), signal });

export const groupsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: groupKeys.list(),
    queryFn: ({ signal }) => getGroups(api, signal),
    select: (list) => mapItems(list, newestFirst),
  });

export const useGroups = () => useQuery(groupsQueryOptions(useApi()));
