import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callUpstream,
  declaredTooLarge,
  type RequestBody,
  type UpstreamFetch,
  type UpstreamInit,
  type UpstreamLimits,
} from './upstream.js';

const url = new URL('http://127.0.0.1:5050/api/admin/user');
const TIMEOUT_MS = 1000;

afterEach(() => {
  vi.useRealTimers();
});

/** A fetch that records what it was asked and answers with `respond`. */
function fakeFetch(respond: (init: UpstreamInit) => Promise<Response> = () => okResponse()) {
  const calls: { url: URL; init: UpstreamInit }[] = [];
  const fetch: UpstreamFetch = (called, init) => {
    calls.push({ url: called, init });
    return respond(init);
  };
  return { fetch, calls };
}

const okResponse = (body: string | null = '{}') => Promise.resolve(new Response(body));

const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new Error('aborted'))),
  );

/** A fetch that sends the whole body first, as a real client does, then answers. */
const consumingFetch = () =>
  fakeFetch(async (init) => {
    if (init.body !== undefined && !(init.body instanceof Uint8Array)) {
      for await (const chunk of init.body) void chunk;
    }
    return new Response('{}');
  });

function limits(fetch: UpstreamFetch, extra: Partial<UpstreamLimits> = {}): UpstreamLimits {
  return { fetch, timeoutMs: TIMEOUT_MS, maxBodyBytes: 8, ...extra };
}

function call(body: RequestBody = { kind: 'none' }) {
  return { url, method: 'POST', headers: new Headers({ accept: 'application/json' }), body };
}

async function* chunks(...parts: string[]) {
  for (const part of parts) yield Buffer.from(part);
}

describe('declaredTooLarge', () => {
  it('refuses bodies over the limit, by their bytes or their declared length', () => {
    expect(declaredTooLarge({ kind: 'bytes', bytes: Buffer.alloc(8) }, 8)).toBe(false);
    expect(declaredTooLarge({ kind: 'bytes', bytes: Buffer.alloc(9) }, 8)).toBe(true);
    expect(declaredTooLarge({ kind: 'stream', stream: chunks(), length: 8 }, 8)).toBe(false);
    expect(declaredTooLarge({ kind: 'stream', stream: chunks(), length: 9 }, 8)).toBe(true);
    expect(declaredTooLarge({ kind: 'stream', stream: chunks() }, 8)).toBe(false);
    expect(declaredTooLarge({ kind: 'none' }, 0)).toBe(false);
  });
});

describe('callUpstream', () => {
  it('sends the method, headers and bytes, and never follows a redirect', async () => {
    const { fetch, calls } = fakeFetch();
    const outcome = await callUpstream(
      call({ kind: 'bytes', bytes: Buffer.from('{"a":1}') }),
      limits(fetch),
    );
    expect(outcome.kind).toBe('response');
    expect(calls).toHaveLength(1);
    const [{ url: called, init } = expect.fail('no call')] = calls;
    expect(called).toBe(url);
    expect(init.method).toBe('POST');
    expect(init.headers.get('accept')).toBe('application/json');
    expect(Buffer.from(init.body as Uint8Array).toString()).toBe('{"a":1}');
    expect(init.redirect).toBe('manual');
    expect(init.duplex).toBe('half');
  });

  it('sends no body for a call without one', async () => {
    const { fetch, calls } = fakeFetch();
    await callUpstream(call(), limits(fetch));
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('refuses a body declared over the limit without calling the upstream', async () => {
    const { fetch, calls } = fakeFetch();
    const outcome = await callUpstream(
      call({ kind: 'stream', stream: chunks('0123456789'), length: 10 }),
      limits(fetch),
    );
    expect(outcome).toEqual({ kind: 'too-large' });
    expect(calls).toHaveLength(0);
  });

  it('streams a body up to the limit, and fails one that grows over it as too large', async () => {
    const fits = await callUpstream(
      call({ kind: 'stream', stream: chunks('0123', '4567') }),
      limits(consumingFetch().fetch),
    );
    expect(fits.kind).toBe('response');
    const over = await callUpstream(
      call({ kind: 'stream', stream: chunks('0123', '45678') }),
      limits(consumingFetch().fetch),
    );
    expect(over).toEqual({ kind: 'too-large' });
  });

  it('reports an upstream that cannot be reached, with the reason', async () => {
    const error = new Error('connect ECONNREFUSED');
    const { fetch } = fakeFetch(() => Promise.reject(error));
    expect(await callUpstream(call(), limits(fetch))).toEqual({ kind: 'unreachable', error });
  });

  it('gives up on an upstream that does not answer in time, and tells it so', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fakeFetch((init) => untilAborted(init.signal));
    const pending = callUpstream(call(), limits(fetch));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await pending).toEqual({ kind: 'timeout' });
    expect(calls[0]?.init.signal.aborted).toBe(true);
  });

  it('starts the clock only once a streamed body has been sent', async () => {
    vi.useFakeTimers();
    let finishUpload = () => {};
    const uploaded = new Promise<void>((resolve) => (finishUpload = resolve));
    async function* slowUpload() {
      yield Buffer.from('0123');
      await uploaded;
    }
    const { fetch } = fakeFetch(async (init) => {
      for await (const chunk of init.body as AsyncIterable<Uint8Array>) void chunk;
      return untilAborted(init.signal);
    });
    let settled = false;
    const pending = callUpstream(call({ kind: 'stream', stream: slowUpload() }), limits(fetch));
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS * 5);
    expect(settled).toBe(false);
    finishUpload();
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await pending).toEqual({ kind: 'timeout' });
  });

  it('cancels the call when the client goes away', async () => {
    const client = new AbortController();
    const { fetch, calls } = fakeFetch((init) => untilAborted(init.signal));
    const pending = callUpstream(call(), limits(fetch, { signal: client.signal }));
    client.abort();
    expect(await pending).toEqual({ kind: 'cancelled' });
    expect(calls[0]?.init.signal.aborted).toBe(true);
  });

  it('once settled, lets a reply stream on past the deadline and the client', async () => {
    vi.useFakeTimers();
    const client = new AbortController();
    const { fetch, calls } = fakeFetch();
    const outcome = await callUpstream(call(), limits(fetch, { signal: client.signal }));
    if (outcome.kind !== 'response') return expect.fail(outcome.kind);
    outcome.settle();
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS * 2);
    client.abort();
    expect(calls[0]?.init.signal.aborted).toBe(false);
  });

  describe('readAll', () => {
    it('reads a reply whole up to the limit, and an empty one as no bytes', async () => {
      const { fetch } = fakeFetch(() =>
        Promise.resolve(new Response(new Blob(['0123', '4567']).stream())),
      );
      const outcome = await callUpstream(call(), limits(fetch));
      if (outcome.kind !== 'response') return expect.fail(outcome.kind);
      const read = await outcome.readAll(8);
      expect(read.kind === 'body' && read.bytes.toString()).toBe('01234567');

      const empty = await callUpstream(call(), limits(fakeFetch(() => okResponse(null)).fetch));
      if (empty.kind !== 'response') return expect.fail(empty.kind);
      const none = await empty.readAll(8);
      expect(none.kind === 'body' && none.bytes.length).toBe(0);
    });

    it('refuses a reply over the limit and stops reading it', async () => {
      const { fetch, calls } = fakeFetch(() => okResponse('012345678'));
      const outcome = await callUpstream(call(), limits(fetch));
      if (outcome.kind !== 'response') return expect.fail(outcome.kind);
      expect(await outcome.readAll(8)).toEqual({ kind: 'reply-too-large' });
      expect(calls[0]?.init.signal.aborted).toBe(true);
    });

    it('times out a reply that stalls halfway', async () => {
      vi.useFakeTimers();
      const { fetch } = fakeFetch((init) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(Buffer.from('{"metadata":'));
            init.signal.addEventListener('abort', () => controller.error(new Error('aborted')));
          },
        });
        return Promise.resolve(new Response(body));
      });
      const outcome = await callUpstream(call(), limits(fetch));
      if (outcome.kind !== 'response') return expect.fail(outcome.kind);
      const read = outcome.readAll(1024);
      await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
      expect(await read).toEqual({ kind: 'timeout' });
    });

    it('reports an upstream that hangs up halfway as unreachable', async () => {
      const error = new Error('socket hang up');
      const { fetch } = fakeFetch(() => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(Buffer.from('{"metadata":'));
            controller.error(error);
          },
        });
        return Promise.resolve(new Response(body));
      });
      const outcome = await callUpstream(call(), limits(fetch));
      if (outcome.kind !== 'response') return expect.fail(outcome.kind);
      expect(await outcome.readAll(1024)).toEqual({ kind: 'unreachable', error });
    });
  });
});
