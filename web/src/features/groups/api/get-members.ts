import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { userSchema } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { groupKeys } from './get-groups';

/** What the member picker shows of a user: enough to recognise and search them. */
export const memberSchema = z.pick(userSchema, { id: true, name: true, email: true, image: true });
export type Member = z.infer<typeof memberSchema>;

/**
 * GET /admin/groups/{id}/assigned-users. Passing through the `api` function also refreshes the
 * group's member mirror in the database, which is what lets members into the chat.
 */
export const getMembers = (api: ApiClient, groupId: number, signal?: AbortSignal) =>
  api.request({
    path: `/admin/groups/${groupId}/assigned-users`,
    payload: listOf(memberSchema),
    signal,
  });

export const membersQueryOptions = (api: ApiClient, groupId: number) =>
  queryOptions({
    queryKey: groupKeys.members(groupId),
    queryFn: ({ signal }) => getMembers(api, groupId, signal),
  });

export const useMembers = (groupId: number, enabled = true) =>
  useQuery({ ...membersQueryOptions(useApi(), groupId), enabled });
