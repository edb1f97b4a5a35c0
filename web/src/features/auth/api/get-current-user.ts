import { queryOptions, useQuery } from '@tanstack/react-query';
import { CURRENT_USER_PATH } from '@contracts/api';
import type { SessionUser } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';

export const sessionKeys = {
  all: ['session'] as const,
  currentUser: (token: string) => [...sessionKeys.all, 'me', token] as const,
};

/**
 * The signed-in user as the upstream knows them now, asked with the stored token of the `api`
 * function, which knows where this upstream keeps that answer.
 */
export async function getCurrentUser(api: ApiClient, signal?: AbortSignal): Promise<SessionUser> {
  // Loaded with the first ask, after the shell's first paint, rather than with the shell.
  const { sessionUserSchema } = await import('@contracts/upstream/upstream');
  return api.request({ path: CURRENT_USER_PATH, payload: sessionUserSchema, signal });
}

export function currentUserQueryOptions(api: ApiClient, token: string) {
  return queryOptions({
    queryKey: sessionKeys.currentUser(token),
    queryFn: ({ signal }) => getCurrentUser(api, signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** Only runs when `enabled` (a session restored from storage is checked once). */
export function useCurrentUser(token: string, enabled: boolean) {
  const api = useApi();
  return useQuery({ ...currentUserQueryOptions(api, token), enabled: enabled && Boolean(token) });
}
