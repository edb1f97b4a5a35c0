import { useCallback } from 'react';
import * as z from 'zod/mini';
import type { ApiClient, ApiReply } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { resetPasswordSchema, type ResetPasswordInput } from '../schemas';

export interface ResetPasswordRequest extends ResetPasswordInput {
  /** From the link: /auth/forgot-password/:token/:email */
  token: string;
  email: string;
}

/** POST /api/password/reset; the reply's message is shown either way. */
export function resetPassword(
  api: ApiClient,
  request: ResetPasswordRequest,
): Promise<ApiReply<unknown>> {
  const form = resetPasswordSchema.parse(request);
  return api.send({
    method: 'POST',
    path: '/password/reset',
    body: {
      token: request.token,
      email: request.email,
      password: form.password,
      password_confirmation: form.cPassword,
    },
    payload: z.unknown(),
  });
}

export function useResetPassword() {
  const api = useApi();
  return useCallback((request: ResetPasswordRequest) => resetPassword(api, request), [api]);
}
