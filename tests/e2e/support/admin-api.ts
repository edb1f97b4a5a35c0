import type { z } from 'zod';
import type { LoginPayload } from '../../../functions/src/contracts/index.js';
import type { StackInfo } from '../../support/stack-info.ts';
import { apiCall, apiLogin } from './clients.ts';

/** The upstream admin API as the seeded admin, to arrange and check records. */
export interface AdminApi {
  /** The seeded admin's sign-in: bearer token, Firebase custom token and user. */
  login(): Promise<LoginPayload>;
  /** The bearer token of that sign-in. */
  token(): Promise<string>;
  /** A bearer call through the app's /api proxy, as `apiCall` makes it. */
  call<T extends z.core.$ZodType>(
    path: string,
    payload: T,
    init?: RequestInit,
  ): ReturnType<typeof apiCall<T>>;
}

async function signInSeededAdmin(stack: StackInfo): Promise<LoginPayload> {
  const login = await apiLogin(stack, stack.admin.email, stack.admin.password);
  if (!login.body.payload) {
    throw new Error(`the seeded admin could not sign in (HTTP ${login.status})`);
  }
  return login.body.payload;
}

/**
 * The seeded admin's API on `stack`. It signs in at its first call and keeps that sign-in, so a
 * file that makes one handle signs in at most once, and one that never calls opens no session.
 */
export function adminApi(stack: StackInfo): AdminApi {
  let signedIn: Promise<LoginPayload> | undefined;
  const login = () => (signedIn ??= signInSeededAdmin(stack));
  const token = async () => (await login()).token;
  return {
    login,
    token,
    call: async (path, payload, init) => apiCall(stack, await token(), path, payload, init),
  };
}
