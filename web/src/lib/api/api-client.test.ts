import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, createApiClient, errorLines, heldOf, type ApiClientDeps } from './api-client';
import { silentLogger } from '../logger';

const userPayload = z.object({ id: z.number(), name: z.string() });

function reply(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

function client(fetchImpl: ApiClientDeps['fetch'], token: string | null = 'secret') {
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    fetch: fetchImpl,
    getToken: () => token,
    onUnauthorized,
    logger: silentLogger,
  });
  return { api, onUnauthorized };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the API client', () => {
  it('calls same-origin /api with the bearer token and returns the parsed payload', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      reply({ metadata: { success: 1, message: '' }, payload: { id: 7, name: 'Ann' } }),
    );
    const { api } = client(fetchImpl);
    await expect(api.request({ path: '/me', payload: userPayload })).resolves.toEqual({
      id: 7,
      name: 'Ann',
    });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/me');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer secret');
  });

  it('sends a keepalive request, which outlives the page, with the bearer token', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      reply({ metadata: { success: 1 }, payload: null }),
    );
    const { api } = client(fetchImpl);
    await api.send({ method: 'DELETE', path: '/admin/user/4', payload: z.null(), keepalive: true });
    await api.send({ method: 'DELETE', path: '/admin/user/5', payload: z.null() });
    const [kept, plain] = fetchImpl.mock.calls.map(([, init]) => init);
    expect(kept?.keepalive).toBe(true);
    expect(new Headers(kept?.headers).get('Authorization')).toBe('Bearer secret');
    expect(plain?.keepalive).toBe(false);
  });

  it("sends the database session's ID token with every change, a keepalive one too, never with a read", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      reply({ metadata: { success: 1 }, payload: null }),
    );
    const api = createApiClient({
      fetch: fetchImpl,
      getToken: () => 'secret',
      sessionProof: () => 'firebase-id-token',
      onUnauthorized: vi.fn(),
      logger: silentLogger,
    });
    await api.send({ path: '/admin/user', payload: z.null() });
    await api.send({ method: 'DELETE', path: '/admin/user/4', payload: z.null(), keepalive: true });
    await api.write({ method: 'POST', path: '/admin/offers', body: { a: 1 }, payload: z.null() });
    const proofs = fetchImpl.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('x-admin-session'),
    );
    expect(proofs).toEqual([null, 'firebase-id-token', 'firebase-id-token']);
  });

  it('sends no Authorization header without a token', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      reply({ metadata: { success: 1 }, payload: null }),
    );
    const { api } = client(fetchImpl, null);
    await api.request({ method: 'POST', path: '/login', body: { a: 1 }, payload: z.null() });
    const init = fetchImpl.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('sends plain bodies as JSON and FormData as multipart', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      reply({ metadata: { success: 1 }, payload: 1 }),
    );
    const { api } = client(fetchImpl);
    await api.request({ method: 'POST', path: '/x', body: { title: 'T' }, payload: z.number() });
    const form = new FormData();
    form.set('name', 'Group');
    await api.request({ method: 'POST', path: '/y', body: form, payload: z.number() });
    const [json, multipart] = fetchImpl.mock.calls.map((call) => call[1]);
    expect(new Headers(json?.headers).get('Content-Type')).toBe('application/json');
    expect(json?.body).toBe('{"title":"T"}');
    expect(new Headers(multipart?.headers).has('Content-Type')).toBe(false);
    expect(multipart?.body).toBe(form);
  });

  it('adds query parameters and refuses paths that could leave /api', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      reply({ metadata: { success: 1 }, payload: 1 }),
    );
    const { api } = client(fetchImpl);
    await api.request({
      path: '/prices',
      query: { date: '2025-01-02', skip: undefined },
      payload: z.number(),
    });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/prices?date=2025-01-02');
    await expect(api.request({ path: '//evil.example', payload: z.number() })).rejects.toThrow(
      TypeError,
    );
  });

  it('turns success 0 into an ApiError carrying every line of metadata.message', async () => {
    const cases: [unknown, string[]][] = [
      ['The login detail is incorrect', ['The login detail is incorrect']],
      [
        ['First', 'Second'],
        ['First', 'Second'],
      ],
      [
        { regular: ['Regular must be a number.'], diesel: ['Diesel is required.'] },
        ['Regular must be a number.', 'Diesel is required.'],
      ],
    ];
    for (const [message, lines] of cases) {
      const { api } = client(async () =>
        reply({ metadata: { success: 0, message }, payload: null }),
      );
      const error = await failure(api.request({ path: '/x', payload: z.unknown() }));
      expect(error.kind).toBe('rejected');
      expect(error.lines).toEqual(lines);
    }
  });

  it('reads a failure envelope that has no payload', async () => {
    const { api } = client(async () =>
      reply({ metadata: { success: 0, message: 'The API is unreachable.' } }, 502),
    );
    const error = await failure(api.request({ path: '/x', payload: z.unknown() }));
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 502,
      lines: ['The API is unreachable.'],
    });
  });

  it('treats an HTTP error with the envelope as a refusal with its message', async () => {
    const { api } = client(async () =>
      reply({ metadata: { success: 0, message: { price: ['Too high'] } }, payload: null }, 422),
    );
    const error = await failure(api.request({ path: '/x', payload: z.unknown() }));
    expect(error).toMatchObject({ kind: 'rejected', status: 422, lines: ['Too high'] });
  });

  it("reads Laravel's validation refusal: the message to show, each field's first message", async () => {
    const { api } = client(async () =>
      reply(
        {
          message: 'The name field is required. (and 1 more error)',
          errors: {
            name: ['The name field is required.', 'The name must be a string.'],
            image: ['The image must be an image.'],
          },
        },
        422,
      ),
    );
    const error = await failure(api.request({ method: 'POST', path: '/x', payload: z.unknown() }));
    expect(error).toMatchObject({
      kind: 'rejected',
      status: 422,
      lines: ['The name field is required. (and 1 more error)'],
      fields: { name: 'The name field is required.', image: 'The image must be an image.' },
    });
  });

  it("reads Laravel's plain refusals by their message", async () => {
    for (const status of [403, 404, 500]) {
      const { api } = client(async () =>
        reply({ message: 'This action is unauthorized.' }, status),
      );
      const error = await failure(api.request({ path: '/x', payload: z.unknown() }));
      expect(error).toMatchObject({
        kind: 'rejected',
        status,
        lines: ['This action is unauthorized.'],
      });
      expect(errorLines(error, (key) => `t:${key}`)).toEqual(['This action is unauthorized.']);
    }
  });

  it('gives the fields of an envelope refusal their first message too', async () => {
    const { api } = client(async () =>
      reply({ metadata: { success: 0, message: { regular: ['Too high', 'Not a number'] } } }, 422),
    );
    const error = await failure(api.request({ path: '/x', payload: z.unknown() }));
    expect(error.fields).toEqual({ regular: 'Too high' });
  });

  it('signs out on a 401 to a call that carried the token', async () => {
    const { api, onUnauthorized } = client(async () =>
      reply({ metadata: { success: 0, message: 'Unauthenticated.' }, payload: null }, 401),
    );
    const error = await failure(api.request({ path: '/admin/user', payload: z.unknown() }));
    expect(error.kind).toBe('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not sign out on a 401 without a token (a refused login)', async () => {
    const { api, onUnauthorized } = client(
      async () =>
        reply(
          { metadata: { success: 0, message: 'The login detail is incorrect' }, payload: null },
          401,
        ),
      null,
    );
    const error = await failure(
      api.request({ method: 'POST', path: '/login', payload: z.unknown() }),
    );
    expect(error).toMatchObject({ kind: 'rejected', lines: ['The login detail is incorrect'] });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps a failed connection to a network error', async () => {
    const { api } = client(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(api.request({ path: '/x', payload: z.unknown() }));
    expect(error.kind).toBe('network');
    expect(errorLines(error, (key) => `t:${key}`)).toEqual(['t:ERRORS.NETWORK']);
  });

  it('lets an abort through as an abort, not a network error', async () => {
    const { api } = client(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(api.request({ path: '/x', payload: z.unknown() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rejects replies that are not the envelope, or carry a payload of the wrong shape', async () => {
    const html = client(async () => reply('<html>502 Bad Gateway</html>', 502));
    const bare = client(async () => reply({ message: 'Saved' }, 200));
    expect((await failure(bare.api.request({ path: '/x', payload: z.unknown() }))).kind).toBe(
      'invalid-reply',
    );
    expect((await failure(html.api.request({ path: '/x', payload: z.unknown() }))).kind).toBe(
      'invalid-reply',
    );
    const wrong = client(async () => reply({ metadata: { success: 1 }, payload: { id: 'seven' } }));
    expect((await failure(wrong.api.request({ path: '/x', payload: userPayload }))).kind).toBe(
      'invalid-reply',
    );
  });

  it('returns the success message with send()', async () => {
    const { api } = client(async () =>
      reply({ metadata: { success: 1, message: 'Password reset.' }, payload: null }),
    );
    await expect(
      api.send({ method: 'POST', path: '/password/reset', payload: z.null() }),
    ).resolves.toEqual({
      payload: null,
      messages: ['Password reset.'],
    });
  });
});

describe('writes', () => {
  const userPayloadOrNone = { method: 'POST', path: '/x', payload: userPayload } as const;

  it('take a bare model as done, and read the record from it', async () => {
    const { api } = client(async () => reply({ id: 7, name: 'Ana', extra: true }, 201));
    await expect(api.write(userPayloadOrNone)).resolves.toMatchObject({
      payload: { id: 7, name: 'Ana' },
      messages: [],
    });
  });

  it('take no content, or a record they cannot read, as done without a record', async () => {
    const empty = client(async () => new Response(null, { status: 204 }));
    await expect(empty.api.write(userPayloadOrNone)).resolves.toEqual({
      payload: undefined,
      raw: undefined,
      messages: [],
    });
    const partial = client(async () => reply({ metadata: { success: 1 }, payload: { id: 7 } }));
    await expect(partial.api.write(userPayloadOrNone)).resolves.toEqual({
      payload: undefined,
      raw: { id: 7 },
      messages: [],
    });
  });

  it('still fail on a body that is not JSON, or an envelope that says no', async () => {
    const html = client(async () => reply('<html>Welcome</html>'));
    expect((await failure(html.api.write(userPayloadOrNone))).kind).toBe('invalid-reply');
    const no = client(async () => reply({ metadata: { success: 0, message: 'No' } }));
    expect(await failure(no.api.write(userPayloadOrNone))).toMatchObject({
      kind: 'rejected',
      lines: ['No'],
    });
  });
});

describe('a change held for a second admin', () => {
  const HELD_MESSAGE = "Held for a second admin's approval.";
  const heldReply = (payload: unknown) =>
    reply({ metadata: { success: 1, message: HELD_MESSAGE }, payload }, 202);
  const write = { method: 'DELETE', path: '/admin/user/12', payload: z.unknown() } as const;

  it('is a held error, not done: its request, and the message lines', async () => {
    const { api } = client(async () => heldReply({ held: { id: 'req-1', reason: 'userDelete' } }));
    const error = await failure(api.write(write));
    expect(error).toMatchObject({ kind: 'held', status: 202, lines: [HELD_MESSAGE] });
    expect(heldOf(error)).toEqual({ id: 'req-1', reason: 'userDelete' });
    // A screen that does not know holds shows the server's words, as for a refusal.
    expect(errorLines(error, (key) => `t:${key}`)).toEqual([HELD_MESSAGE]);
  });

  it('is held whichever call sends it', async () => {
    const { api } = client(async () => heldReply({ held: { id: 'req-2', reason: 'groupDelete' } }));
    expect(heldOf(await failure(api.send(write)))).toEqual({ id: 'req-2', reason: 'groupDelete' });
  });

  it('is not read into a 202 whose payload holds no request, nor into other failures', async () => {
    const accepted = client(async () => heldReply({ id: 7, name: 'Ana' }));
    await expect(
      accepted.api.write({ method: 'POST', path: '/x', payload: userPayload }),
    ).resolves.toMatchObject({ payload: { id: 7, name: 'Ana' } });
    const wrongReason = client(async () => heldReply({ held: { id: 'r', reason: 'other' } }));
    await expect(wrongReason.api.write(write)).resolves.toMatchObject({ messages: [HELD_MESSAGE] });
    expect(heldOf(new ApiError('rejected', ['No'], 409))).toBeNull();
    expect(heldOf(new Error('boom'))).toBeNull();
  });
});

describe('uploads', () => {
  class FakeXhr extends EventTarget {
    static last: FakeXhr | undefined;
    upload = new EventTarget();
    status = 0;
    responseText = '';
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    constructor() {
      super();
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      this.body = body;
    }
    abort() {
      this.dispatchEvent(new Event('abort'));
    }
    respond(status: number, text: string) {
      this.status = status;
      this.responseText = text;
      this.dispatchEvent(new Event('load'));
    }
    progress(loaded: number, total: number) {
      const event = Object.assign(new Event('progress'), { loaded, total, lengthComputable: true });
      this.upload.dispatchEvent(event);
    }
  }

  function uploader() {
    return createApiClient({
      fetch: () => Promise.reject(new Error('uploads use XMLHttpRequest')),
      createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
      getToken: () => 'secret',
      onUnauthorized: vi.fn(),
      logger: silentLogger,
    });
  }

  it('reports progress and parses the reply', async () => {
    const progress = vi.fn();
    const body = new FormData();
    const pending = uploader().upload({
      path: '/chats',
      body,
      payload: z.object({ id: z.number() }),
      onProgress: progress,
    });
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/chats');
    expect(xhr?.headers.Authorization).toBe('Bearer secret');
    expect(xhr?.body).toBe(body);
    xhr?.progress(50, 200);
    xhr?.respond(200, JSON.stringify({ metadata: { success: 1 }, payload: { id: 3 } }));
    await expect(pending).resolves.toEqual({ payload: { id: 3 }, raw: { id: 3 }, messages: [] });
    expect(progress).toHaveBeenCalledWith({ loaded: 50, total: 200, fraction: 0.25 });
  });

  it('throws a held error when the server holds the upload for a second admin', async () => {
    const pending = uploader().upload({
      path: '/admin/group/5/fuel-prices',
      body: new FormData(),
      payload: z.unknown(),
    });
    FakeXhr.last?.respond(
      202,
      JSON.stringify({
        metadata: { success: 1, message: 'Held.' },
        payload: { held: { id: 'req-3', reason: 'priceWarnings' } },
      }),
    );
    const error = await failure(pending);
    expect(error.kind).toBe('held');
    expect(heldOf(error)).toEqual({ id: 'req-3', reason: 'priceWarnings' });
  });

  it('maps a failed upload to a network error', async () => {
    const pending = uploader().upload({
      path: '/chats',
      body: new FormData(),
      payload: z.unknown(),
    });
    FakeXhr.last?.dispatchEvent(new Event('error'));
    expect((await failure(pending)).kind).toBe('network');
  });
});

describe('errorLines', () => {
  const t = (key: string) => `t:${key}`;
  it('keeps the server lines of a refusal and explains every other failure', () => {
    expect(errorLines(new ApiError('rejected', ['Nope']), t)).toEqual(['Nope']);
    expect(errorLines(new ApiError('rejected', []), t)).toEqual(['t:ERRORS.UNKNOWN']);
    expect(errorLines(new ApiError('unauthorized', []), t)).toEqual(['t:ERRORS.SESSION_EXPIRED']);
    expect(errorLines(new ApiError('invalid-reply', []), t)).toEqual(['t:ERRORS.UNKNOWN']);
    expect(errorLines(new Error('boom'), t)).toEqual(['t:ERRORS.UNKNOWN']);
  });
});
