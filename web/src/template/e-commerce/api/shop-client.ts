import type * as z from 'zod/mini';
import type { MockFetch, MockMethod } from '../mock/server';

/** A demo call that did not succeed: the mock's status (400, 401…) or an unreadable reply. */
export class ShopError extends Error {
  constructor(
    readonly status: number,
    readonly reason: 'status' | 'invalid-reply',
  ) {
    super(
      reason === 'status'
        ? `Request failed with status code ${status}`
        : 'The reply could not be read',
    );
    this.name = 'ShopError';
  }
}

export function isShopError(error: unknown): error is ShopError {
  return error instanceof ShopError;
}

export interface ShopRequest<T> {
  method: MockMethod;
  url: string;
  body?: unknown;
  /** Parses the reply; without it the reply's body is ignored. */
  reply?: z.ZodMiniType<T>;
}

/** Talks to the in-page mock server as the template's HTTP client did: Bearer token, JSON. */
export interface ShopClient {
  request<T>(request: ShopRequest<T> & { reply: z.ZodMiniType<T> }): Promise<T>;
  request(request: ShopRequest<never>): Promise<void>;
}

export function createShopClient(
  fetch: MockFetch,
  /** The demo session's token, read at each call. */
  token: () => string | undefined,
): ShopClient {
  async function send({ method, url, body }: ShopRequest<unknown>): Promise<unknown> {
    const authToken = token();
    const answer = await fetch({
      method,
      url,
      body,
      headers: authToken ? { Authorization: `Bearer ${authToken}` } : {},
    });
    if (answer.status !== 200) throw new ShopError(answer.status, 'status');
    return answer.data;
  }
  function request<T>(request: ShopRequest<T> & { reply: z.ZodMiniType<T> }): Promise<T>;
  function request(request: ShopRequest<never>): Promise<void>;
  async function request<T>(request: ShopRequest<T>): Promise<T | undefined> {
    const data = await send(request);
    if (!request.reply) return undefined;
    const parsed = request.reply.safeParse(data);
    if (!parsed.success) throw new ShopError(200, 'invalid-reply');
    return parsed.data;
  }
  return { request };
}
