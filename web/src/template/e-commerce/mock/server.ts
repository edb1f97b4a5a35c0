import { SHOP_MOCK_DELAY_MS } from '@/lib/constants';

/**
 * A tiny HTTP-shaped server that lives in the page: the demo shop's mock endpoints
 * answer through it after a delay, with statuses like a real one.
 */

export type MockMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface MockRequest {
  method: MockMethod;
  /** As the template spells it: `api/customers/7`, no leading slash. */
  url: string;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

export interface MockReply {
  status: number;
  data?: unknown;
}

export interface MockContext {
  /** The pattern's capture groups, in order. */
  params: readonly string[];
  body: unknown;
  headers: Readonly<Record<string, string>>;
}

export interface MockRoute {
  method: MockMethod;
  /** Matched against the whole url. */
  pattern: RegExp;
  handle: (context: MockContext) => MockReply;
}

export interface MockServerOptions {
  delayMs?: number;
  /** Waits `ms` (a timer in the page; tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

export type MockFetch = (request: MockRequest) => Promise<MockReply>;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Copies through JSON, as a wire would: neither side ever holds the other's objects. */
function overTheWire(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

export const ok = (data?: unknown): MockReply =>
  data === undefined ? { status: 200 } : { status: 200, data };
export const badRequest = (): MockReply => ({ status: 400 });
export const unauthorized = (): MockReply => ({ status: 401 });

export function createMockServer(
  routes: readonly MockRoute[],
  { delayMs = SHOP_MOCK_DELAY_MS, sleep = wait }: MockServerOptions = {},
): MockFetch {
  return async (request) => {
    const body = overTheWire(request.body);
    await sleep(delayMs);
    for (const route of routes) {
      if (route.method !== request.method) continue;
      const match = route.pattern.exec(request.url);
      if (!match) continue;
      const reply = route.handle({ params: match.slice(1), body, headers: request.headers ?? {} });
      return { status: reply.status, data: overTheWire(reply.data) };
    }
    return { status: 404 };
  };
}
