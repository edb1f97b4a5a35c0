import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { groupSchema } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import type { Listed } from '@/lib/api/listed';
import { useApi } from '@/lib/services';
import { adminKeys } from './get-admins';

/** Only the names: members are not read (a group may hold thousands). */
const groupNameSchema = z.pick(groupSchema, { id: true, name: true });
export type GroupName = z.infer<typeof groupNameSchema>;

/** GET /api/admin/groups, to name an admin's price groups (the groups screen has its own call). */
export function getGroupNames(api: ApiClient, signal?: AbortSignal): Promise<Listed<GroupName>> {
  return api.request({ path: '/admin/groups', payload: listOf(groupNameSchema), signal });
}

export function groupNamesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.groups(),
    queryFn: ({ signal }) => getGroupNames(api, signal),
  });
}

/** Read only once something needs a group's name: most admins hold no price groups. */
export function useGroupNames(enabled: boolean) {
  const api = useApi();
  return useQuery({
    ...groupNamesQueryOptions(api),
    enabled,
  });
}
