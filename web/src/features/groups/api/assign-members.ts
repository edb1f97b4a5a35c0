import { useMutation, useQueryClient } from '@tanstack/react-query';
import { listOf } from '@contracts/upstream/upstream-values';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { groupKeys } from './get-groups';
import { memberSchema } from './get-members';

/**
 * POST /admin/groups/{id}/assign-users with multipart `user_ids[i]`: it SETS the members to
 * exactly these users (none empties the group).
 */
export function assignMembers(api: ApiClient, groupId: number, userIds: readonly number[]) {
  const body = new FormData();
  userIds.forEach((id, index) => body.append(`user_ids[${index}]`, String(id)));
  return api.write({
    method: 'POST',
    path: `/admin/groups/${groupId}/assign-users`,
    body,
    payload: listOf(memberSchema),
  });
}

export function useAssignMembers(groupId: number) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userIds: readonly number[]) => assignMembers(api, groupId, userIds),
    onSuccess: async (reply) => {
      if (reply.payload) queryClient.setQueryData(groupKeys.members(groupId), reply.payload);
      else await queryClient.invalidateQueries({ queryKey: groupKeys.members(groupId) });
      await queryClient.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}
