import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  adminRolesPath,
  DEFAULT_ROLES_PATH,
  defaultRolesSchema,
  rolesChangeSchema,
  type DefaultRoles,
  type RolesChange,
} from '@contracts/admins/admins';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { adminKeys } from './get-admins';

export interface ChangeRolesInput {
  uid: string;
  change: RolesChange;
}

/**
 * PUT /api/admins/{uid}/roles. Price groups go only with the Prices role: without it the
 * server would drop them anyway, and the audit entry would read as if they were kept.
 */
export async function changeRoles(api: ApiClient, { uid, change }: ChangeRolesInput) {
  const body = rolesChangeSchema.parse({
    roles: change.roles,
    priceGroups: change.roles.includes('prices') ? change.priceGroups : [],
  });
  await api.write({ method: 'PUT', path: adminRolesPath(uid), body, payload: z.unknown() });
}

/** PUT /api/roles/default: the roles an admin seen for the first time gets. */
export async function changeDefaultRoles(api: ApiClient, change: DefaultRoles) {
  const body = defaultRolesSchema.parse(change);
  await api.write({ method: 'PUT', path: DEFAULT_ROLES_PATH, body, payload: z.unknown() });
}

export function useChangeRoles() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeRolesInput) => changeRoles(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.list() }),
  });
}

export function useChangeDefaultRoles() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DefaultRoles) => changeDefaultRoles(api, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.list() }),
  });
}
