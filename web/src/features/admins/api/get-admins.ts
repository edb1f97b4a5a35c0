import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMINS_PATH, adminsPayloadSchema, type AdminsPayload } from '@contracts/admins/admins';
import { isApiError, type ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';

export const adminKeys = {
  all: ['admins'] as const,
  list: () => [...adminKeys.all, 'list'] as const,
  groups: () => [...adminKeys.all, 'groups'] as const,
};

/** GET /api/admins: every admin seen, and the default roles. */
export function getAdmins(api: ApiClient, signal?: AbortSignal): Promise<AdminsPayload> {
  return api.request({ path: ADMINS_PATH, payload: adminsPayloadSchema, signal });
}

/**
 * The function answers 404 while no owner is named: roles are off, which the screen explains
 * rather than reporting a failure.
 */
export const rolesAreOff = (error: unknown): boolean => isApiError(error) && error.status === 404;

export function adminsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.list(),
    queryFn: ({ signal }) => getAdmins(api, signal),
  });
}

export function useAdmins() {
  return useQuery(adminsQueryOptions(useApi()));
}
