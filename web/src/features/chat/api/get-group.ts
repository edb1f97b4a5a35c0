import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { groupSchema, userSchema } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';

export const chatKeys = {
  all: ['chat'] as const,
  groups: () => [...chatKeys.all, 'groups'] as const,
  members: (groupId: string) => [...chatKeys.all, 'members', groupId] as const,
};

/** GET /admin/groups: the chat's group is one of them, or it is unknown. */
export const getGroups = (api: ApiClient, signal?: AbortSignal) =>
  api.request({ path: '/admin/groups', payload: listOf(groupSchema), signal });

export const chatGroupsQueryOptions = (api: ApiClient) =>
  queryOptions({
    queryKey: chatKeys.groups(),
    queryFn: ({ signal }) => getGroups(api, signal),
  });

/** The group of `/chats/:groupid`: the group, `null` when no group has that id, or pending. */
export function useChatGroup(groupId: string) {
  return useQuery({
    ...chatGroupsQueryOptions(useApi()),
    select: (groups) => groups.items.find((group) => String(group.id) === groupId) ?? null,
  });
}

const memberSchema = z.pick(userSchema, { id: true, name: true, image: true });

/**
 * GET /admin/groups/{id}/assigned-users. Passing through the `api` function also refreshes the
 * database's member mirror, which is what lets members read and post in this chat.
 */
export const getMembers = (api: ApiClient, groupId: string, signal?: AbortSignal) =>
  api.request({
    path: `/admin/groups/${encodeURIComponent(groupId)}/assigned-users`,
    payload: listOf(memberSchema),
    signal,
  });

export const chatMembersQueryOptions = (api: ApiClient, groupId: string) =>
  queryOptions({
    queryKey: chatKeys.members(groupId),
    queryFn: ({ signal }) => getMembers(api, groupId, signal),
  });

export const useChatMembers = (groupId: string, enabled: boolean) =>
  useQuery({ ...chatMembersQueryOptions(useApi(), groupId), enabled });
