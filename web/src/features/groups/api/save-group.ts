import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupSchema } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { groupKeys } from './get-groups';

export interface SaveGroupInput {
  /** Undefined creates a group. */
  id?: number;
  name: string;
  /** Required to create; optional to edit (none keeps the current image). */
  image: File | null;
}

/** POST /admin/groups, or POST /admin/groups/{id}?_method=PUT; multipart name and image. */
export function saveGroup(api: ApiClient, input: SaveGroupInput) {
  const body = new FormData();
  body.append('name', input.name);
  if (input.image) body.append('image', input.image);
  return input.id === undefined
    ? api.write({ method: 'POST', path: '/admin/groups', body, payload: groupSchema })
    : api.write({
        method: 'POST',
        path: `/admin/groups/${input.id}`,
        query: { _method: 'PUT' },
        body,
        payload: groupSchema,
      });
}

export function useSaveGroup() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveGroupInput) => saveGroup(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.list() }),
  });
}
