import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  CHANGE_POLICY_PATH,
  changePolicyInputSchema,
  type ChangePolicyInput,
} from '@contracts/changes/changes';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';

/** PUT /api/changes/policy: an owner (any admin while roles are off) sets the policy. */
export async function savePolicy(api: ApiClient, input: ChangePolicyInput) {
  const body = changePolicyInputSchema.parse(input);
  await api.write({ method: 'PUT', path: CHANGE_POLICY_PATH, body, payload: z.unknown() });
}

/** The saved policy arrives live from the database: nothing to read again. */
export function useSavePolicy() {
  const api = useApi();
  return useMutation({ mutationFn: (input: ChangePolicyInput) => savePolicy(api, input) });
}
