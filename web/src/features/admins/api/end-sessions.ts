import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { adminSessionsPath } from '@contracts/admins/admins';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { adminKeys } from './get-admins';

/** DELETE /api/admins/{uid}/sessions: the admin is signed out on every browser. */
export async function endSessions(api: ApiClient, uid: string) {
  await api.write({ method: 'DELETE', path: adminSessionsPath(uid), payload: z.unknown() });
}

export function useEndSessions() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => endSessions(api, uid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.list() }),
  });
}
