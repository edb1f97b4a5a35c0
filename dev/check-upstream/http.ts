import type { ReplyBody } from '../../functions/src/contracts/index.js';
import type { Answer } from './verdict.js';

/**
 * The upstream's calls over an injected `fetch`, each answer read once into data for the pure
 * verdicts: a network failure is an answer too (`unreachable`), never a throw.
 */

/** As long as the product's `api` function waits for the upstream (PROXY_LIMITS.timeoutMs). */
const TIMEOUT_MS = 30_000;

export interface CallInit {
  query?: Record<string, string>;
  json?: unknown;
  form?: FormData;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Upstream {
  call(method: Method, path: string, init?: CallInit): Promise<Answer>;
  /** The same upstream, with the admin's bearer token on every call. */
  signedIn(token: string): Upstream;
}

/** `baseUrl` e.g. `https://api.example.com/api`; paths are below it, with or without `/`. */
export function upstream(fetchFn: typeof fetch, baseUrl: string, token?: string): Upstream {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    signedIn: (next) => upstream(fetchFn, baseUrl, next),
    async call(method, path, init = {}) {
      const url = new URL(`${base}/${path.replace(/^\/+/, '')}`);
      for (const [name, value] of Object.entries(init.query ?? {}))
        url.searchParams.set(name, value);
      // A PUT is sent as the original client sends it: POST ?_method=PUT (docs/upstream.md).
      if (method === 'PUT') url.searchParams.set('_method', 'PUT');
      // Laravel answers errors as JSON only to a client that asks for JSON.
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      if (init.json !== undefined) headers['content-type'] = 'application/json';
      try {
        const response = await fetchFn(url, {
          method: method === 'PUT' ? 'POST' : method,
          headers,
          body: init.json === undefined ? init.form : JSON.stringify(init.json),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        return { status: response.status, body: readBody(await response.text()) };
      } catch (error) {
        return { unreachable: reasonOf(error) };
      }
    },
  };
}

export function readBody(text: string): ReplyBody {
  if (text.trim() === '') return { kind: 'empty' };
  try {
    return { kind: 'json', json: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'other' };
  }
}

/** fetch's "fetch failed" says nothing: its cause (ECONNREFUSED, a certificate) does. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
