import * as z from 'zod/mini';
import { AUTH_PATHS } from '../mock/auth';
import { demoUserSchema, type DemoUser } from '../schemas';
import type { ShopClient } from './shop-client';

/** The template's mock auth calls: login, register, forgot password, me. */
export interface DemoAuthApi {
  login(email: string, password: string): Promise<DemoUser>;
  register(input: {
    email: string;
    fullname: string;
    username: string;
    password: string;
  }): Promise<DemoUser>;
  requestPassword(email: string): Promise<void>;
  /** The user of the token the client sends. */
  me(): Promise<DemoUser>;
}

export const demoAuthApi = (client: ShopClient): DemoAuthApi => ({
  login: (email, password) =>
    client.request({
      method: 'POST',
      url: AUTH_PATHS.login,
      body: { email, password },
      reply: demoUserSchema,
    }),
  register: (input) =>
    client.request({
      method: 'POST',
      url: AUTH_PATHS.register,
      body: input,
      reply: demoUserSchema,
    }),
  requestPassword: async (email) => {
    await client.request({
      method: 'POST',
      url: AUTH_PATHS.forgotPassword,
      body: { email },
      reply: z.object({ email: z.string() }),
    });
  },
  me: () => client.request({ method: 'GET', url: AUTH_PATHS.me, reply: demoUserSchema }),
});
