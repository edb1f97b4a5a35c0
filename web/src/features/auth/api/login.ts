import * as z from 'zod/mini';
import { loginPayloadSchema, type LoginPayload } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { loginSchema } from '../schemas';

export const loginRequestSchema = z.extend(loginSchema, {
  /** The browser's push token, '' when there is none; the API keeps it as the user's device. */
  device_id: z.string(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** POST /api/login: the API answers admins with their token and a Firebase custom token. */
export function login(api: ApiClient, request: LoginRequest): Promise<LoginPayload> {
  return api.request({
    method: 'POST',
    path: '/login',
    body: loginRequestSchema.parse(request),
    payload: loginPayloadSchema,
  });
}
