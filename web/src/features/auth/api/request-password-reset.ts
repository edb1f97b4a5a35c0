import { useCallback } from 'react';
import * as z from 'zod/mini';
import type { ApiClient, ApiReply } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../schemas';

/** POST /api/password/email: the API e-mails a reset link to the address. */
export function requestPasswordReset(
  api: ApiClient,
  input: ForgotPasswordInput,
): Promise<ApiReply<unknown>> {
  return api.send({
    method: 'POST',
    path: '/password/email',
    body: forgotPasswordSchema.parse(input),
    payload: z.unknown(),
  });
}

export function useRequestPasswordReset() {
  const api = useApi();
  return useCallback((input: ForgotPasswordInput) => requestPasswordReset(api, input), [api]);
}
