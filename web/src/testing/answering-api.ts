import { createApiClient, type ApiClient } from '@/lib/api/api-client';
import { silentLogger } from '@/lib/logger';

/** What the scripted upstream answers to every call. */
export interface Answer {
  status: number;
  /** The body as sent: JSON text, or '' for none. */
  text: string;
}

/**
 * An API client whose every call, by fetch or by upload, gets `answer`; `calls` records what
 * was sent (method and URL).
 */
export function answeringApi(answer: (method: string, url: string) => Answer) {
  const calls: { method: string; url: string }[] = [];
  const respond = (method: string, url: string) => {
    calls.push({ method, url });
    return answer(method, url);
  };
  class AnsweringXhr extends EventTarget {
    upload = new EventTarget();
    status = 0;
    responseText = '';
    #method = 'GET';
    #url = '';
    open(method: string, url: string) {
      this.#method = method;
      this.#url = url;
    }
    setRequestHeader() {}
    abort() {}
    send() {
      const { status, text } = respond(this.#method, this.#url);
      this.status = status;
      this.responseText = text;
      queueMicrotask(() => this.dispatchEvent(new Event('load')));
    }
  }
  const api: ApiClient = createApiClient({
    fetch: async (input, init) => {
      const { status, text } = respond(init?.method ?? 'GET', String(input));
      return new Response(status === 204 ? null : text, { status });
    },
    createXhr: () => new AnsweringXhr() as unknown as XMLHttpRequest,
    getToken: () => 'token-1',
    onUnauthorized: () => {},
    logger: silentLogger,
  });
  return { api, calls };
}
