import { useCallback } from 'react';
import * as z from 'zod/mini';
import { sessionUserSchema } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { registrationSchema, type RegistrationInput } from '../schemas';

export const registerPayloadSchema = z.object({
  user: sessionUserSchema,
  token: z.string().check(z.minLength(1)),
});
export type RegisterPayload = z.infer<typeof registerPayloadSchema>;

/** POST /api/register with the fields the API takes. */
export function register(api: ApiClient, input: RegistrationInput): Promise<RegisterPayload> {
  const form = registrationSchema.parse(input);
  return api.request({
    method: 'POST',
    path: '/register',
    body: {
      fullname: form.fullname,
      email: form.email,
      username: form.username,
      password: form.password,
    },
    payload: registerPayloadSchema,
  });
}

export function useRegister() {
  const api = useApi();
  return useCallback((input: RegistrationInput) => register(api, input), [api]);
}
