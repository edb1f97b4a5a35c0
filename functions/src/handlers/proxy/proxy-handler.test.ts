import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITIES, paths } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { imageMessage } from '../../testing/records.js';
import { createAdminIdentities, type AuditDeps } from '../audit/index.js';
import { indexChatUploads } from '../chat/index.js';
import { handleProxyRequest, type ProxyDeps, type ProxyRequest } from './index.js';
import type { ProxyReply, UpstreamFetch, UpstreamInit } from '../upstream/index.js';

/**
 * The proxy handler itself, over a fake upstream: what a client gets back and what the upstream
 * is asked, for the cases the server tests in proxy.test.ts do not reach.
 */

const UPSTREAM = 'http://127.0.0.1:5050/api';

function fakeUpstream(respond: (url: URL, init: UpstreamInit) => Response | Promise<Response>) {
  const calls: { url: URL; init: UpstreamInit }[] = [];
  const fetch: UpstreamFetch = async (url, init) => {
    calls.push({ url, init });
    return respond(url, init);
  };
  return { fetch, calls };
}

function depsFor(fetch: UpstreamFetch, extra: Partial<ProxyDeps> = {}) {
  const logger = recordingLogger();
  const deps: ProxyDeps = {
    upstreamUrl: new URL(UPSTREAM),
    capabilities: DEFAULT_CAPABILITIES,
    fetch,
    timeoutMs: 10_000,
    maxBodyBytes: 1024,
    maxJsonReplyBytes: 1024,
    logger,
    createCustomToken: () => Promise.reject(new Error('no custom tokens here')),
    sessions: { db: new MemoryDb(), now: () => 0, newId: () => 'session-1', lifetimeMs: 3_600_000 },
    verifyIdToken: () => Promise.reject(new Error('no ID tokens here')),
    revokeRefreshTokens: () => Promise.reject(new Error('no sessions to end here')),
    ...extra,
  };
  return { deps, logger };
}

const request = (method: string, url: string, extra: Partial<ProxyRequest> = {}): ProxyRequest => ({
  method,
  url,
  headers: {},
  body: { kind: 'none' },
  ...extra,
});

async function bodyText(reply: ProxyReply): Promise<string> {
  if (reply.body === null) return '';
  if (reply.body instanceof Uint8Array) return Buffer.from(reply.body).toString();
  return new Response(reply.body).text();
}

const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(value), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('an upstream 401', () => {
  it('ends, once the reply is sent, the admin sessions opened with the refused token only', async () => {
    const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
    const live = (token: string) => ({ at: 0, expiresAt: 3_600_000, tokenHash: hash(token) });
    const db = new MemoryDb({ adminSessions: { '7': { s1: live('stale'), s2: live('fresh') } } });
    const { fetch } = fakeUpstream(() => json({ message: 'Unauthenticated.' }, 401));
    const { deps } = depsFor(fetch, {
      sessions: { db, now: () => 0, newId: () => 'unused', lifetimeMs: 3_600_000 },
    });
    const reply = await handleProxyRequest(
      request('GET', '/api/admin/user', { headers: { authorization: 'Bearer stale' } }),
      deps,
    );
    expect(reply.status).toBe(401);
    expect(db.at('adminSessions/7/s1')).toEqual(live('stale'));
    await reply.afterSend?.();
    expect(db.at('adminSessions/7')).toEqual({ s2: live('fresh') });
  });
});

describe('an upstream token ended on every browser', () => {
  it('makes no change through the proxy, and still reads', async () => {
    const hash = createHash('sha256').update('ended').digest('base64url');
    const db = new MemoryDb({ refusedTokens: { [hash]: { uid: '7', at: 1 } } });
    const { fetch, calls } = fakeUpstream(() => json({ metadata: { success: 1 }, payload: [] }));
    const { deps } = depsFor(fetch, {
      sessions: { db, now: () => 1, newId: () => 'unused', lifetimeMs: 3_600_000 },
      audit: auditOn(db),
    });
    const headers = { authorization: 'Bearer ended' };
    const change = await handleProxyRequest(
      request('DELETE', '/api/admin/user/12', { headers }),
      deps,
    );
    expect(change.status).toBe(401);
    expect(await bodyText(change)).toContain('ended on every browser');
    expect(calls).toHaveLength(0);
    const read = await handleProxyRequest(request('GET', '/api/admin/user', { headers }), deps);
    expect(read.status).toBe(200);
  });
});

describe('methods', () => {
  it.each([
    ['GET', '/api/session/firebase-token', 'POST'],
    ['GET', '/api/session/sign-out', 'POST'],
    ['GET', '/api/session/renew', 'POST'],
    ['POST', '/api/audience?target=all', 'GET'],
    ['GET', '/api/group-chat/7/messages/m1', 'DELETE'],
    ['DELETE', '/api/files/storage/1/a.png', 'GET, HEAD'],
  ])(
    'refuses %s %s, naming what is allowed, without calling the upstream',
    async (method, url, allow) => {
      const { fetch, calls } = fakeUpstream(() => json({}));
      const reply = await handleProxyRequest(request(method, url), depsFor(fetch).deps);
      expect(reply.status).toBe(405);
      expect(reply.headers.allow).toBe(allow);
      expect(JSON.parse(await bodyText(reply))).toEqual({
        metadata: { success: 0, message: 'This method is not allowed here.' },
        payload: null,
      });
      expect(calls).toHaveLength(0);
    },
  );

  it('takes the method in any case', async () => {
    const { fetch, calls } = fakeUpstream(
      () => new Response('png', { headers: { 'content-type': 'image/png' } }),
    );
    const reply = await handleProxyRequest(
      request('get', '/api/files/storage/1/a.png'),
      depsFor(fetch).deps,
    );
    expect(reply.status).toBe(200);
    expect(calls[0]?.init.method).toBe('GET');
  });
});

describe('files on other hosts', () => {
  const cdn = 'https://cdn.example.com/public/uploads';
  const fileBases = [new URL('http://127.0.0.1:5050/storage'), new URL(cdn)];

  it('serves a second base under its own folder, and nothing past the last base', async () => {
    const { fetch, calls } = fakeUpstream(
      () => new Response('png', { headers: { 'content-type': 'image/png' } }),
    );
    const { deps } = depsFor(fetch, { fileBases });
    const reply = await handleProxyRequest(request('GET', '/api/files/storage2/7/a.png?v=2'), deps);
    expect(reply.status).toBe(200);
    expect(calls.map((call) => call.url.href)).toEqual([`${cdn}/7/a.png?v=2`]);
    const past = await handleProxyRequest(request('GET', '/api/files/storage3/7/a.png'), deps);
    expect(past.status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it('rewrites file URLs of every base in replies, and leaves other hosts alone', async () => {
    const { fetch } = fakeUpstream(() =>
      json({
        metadata: { success: 1, message: '' },
        payload: [
          { id: 1, image: { original_url: `${cdn}/7/a.png` } },
          { id: 2, image: { original_url: 'https://elsewhere.test/7/a.png' } },
        ],
      }),
    );
    const reply = await handleProxyRequest(
      request('GET', '/api/admin/notifications'),
      depsFor(fetch, { fileBases }).deps,
    );
    const body = JSON.parse(Buffer.from(reply.body as Uint8Array).toString('utf8')) as {
      payload: { image: { original_url: string } }[];
    };
    expect(body.payload.map((item) => item.image.original_url)).toEqual([
      '/api/files/storage2/7/a.png',
      'https://elsewhere.test/7/a.png',
    ]);
  });
});

describe('files', () => {
  const file = (type: string | undefined, extra: Record<string, string> = {}, status = 200) =>
    fakeUpstream(
      () =>
        new Response(status === 304 ? null : Buffer.from('bytes'), {
          status,
          headers: { ...(type === undefined ? {} : { 'content-type': type }), ...extra },
        }),
    );

  it.each([
    'image/png',
    'Image/PNG ; name=a',
    'video/mp4',
    'video/x-ms.wmv',
    'audio/mpeg',
    'text/plain; charset=utf-8',
  ])('shows %s inline', async (type) => {
    const reply = await handleProxyRequest(
      request('GET', '/api/files/storage/1/f'),
      depsFor(file(type).fetch).deps,
    );
    expect(reply.headers['content-disposition']).toBeUndefined();
  });

  it.each([
    'image/svg+xml',
    'image/pngx',
    'application/image/png',
    'xtext/plain',
    'video/',
    'text/html',
    '',
  ])('serves %j as a download', async (type) => {
    const reply = await handleProxyRequest(
      request('GET', '/api/files/storage/1/f'),
      depsFor(file(type).fetch).deps,
    );
    expect(reply.headers['content-disposition']).toBe('attachment');
  });

  it('serves a file without a type as a download', async () => {
    const reply = await handleProxyRequest(
      request('GET', '/api/files/storage/1/f'),
      depsFor(file(undefined).fetch).deps,
    );
    expect(reply.headers['content-disposition']).toBe('attachment');
  });

  it("keeps the upstream's own file headers, and answers HEAD", async () => {
    const headers = {
      'accept-ranges': 'bytes',
      'content-disposition': 'inline; filename="a.png"',
      'content-length': '5',
      etag: '"v1"',
      'last-modified': 'Tue, 01 Apr 2025 10:00:00 GMT',
      'x-powered-by': 'PHP',
    };
    const { fetch, calls } = file('image/png', headers);
    const reply = await handleProxyRequest(
      request('HEAD', '/api/files/storage/1/a.png'),
      depsFor(fetch).deps,
    );
    expect(calls[0]?.init.method).toBe('HEAD');
    expect(reply.headers).toEqual({
      ...headers,
      'x-powered-by': undefined,
      'content-type': 'image/png',
      'cache-control': 'private, max-age=300',
    });
  });

  it('keeps a range and adds no download to a not-modified answer', async () => {
    const partial = await handleProxyRequest(
      request('GET', '/api/files/storage/1/clip.mp4'),
      depsFor(file('video/mp4', { 'content-range': 'bytes 0-3/10' }, 206).fetch).deps,
    );
    expect(partial.headers['content-range']).toBe('bytes 0-3/10');
    const cached = await handleProxyRequest(
      request('GET', '/api/files/storage/1/clip.mp4'),
      depsFor(file(undefined, { etag: '"v1"' }, 304).fetch).deps,
    );
    expect(cached.status).toBe(304);
    expect(cached.headers['content-disposition']).toBeUndefined();
  });

  it('answers a refused or missing file in the envelope, for HEAD too', async () => {
    const refused = await handleProxyRequest(
      request('GET', '/api/files/storage/1/a.png'),
      depsFor(file('text/html', {}, 400).fetch).deps,
    );
    expect(refused.status).toBe(400);
    expect(JSON.parse(await bodyText(refused))).toMatchObject({
      metadata: { message: 'This file is not available.' },
    });
    const missing = await handleProxyRequest(
      request('HEAD', '/api/files/storage/1/a.png'),
      depsFor(fakeUpstream(() => new Response(null, { status: 404 })).fetch).deps,
    );
    expect(missing.status).toBe(404);
  });
});

describe('API replies', () => {
  it('passes JSON on byte for byte when nothing in it changes', async () => {
    const text = `{ "metadata": {"success": 1}, "payload": {"note": "${UPSTREAM}/x"} }`;
    const { fetch } = fakeUpstream(
      () => new Response(text, { headers: { 'content-type': 'application/json' } }),
    );
    const reply = await handleProxyRequest(
      request('GET', '/api/admin/offers'),
      depsFor(fetch).deps,
    );
    expect(await bodyText(reply)).toBe(text);
    expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(text)));
  });

  it('streams a reply that is not JSON, whatever its size', async () => {
    const csv = 'id;name\n'.repeat(512);
    const { fetch } = fakeUpstream(
      () => new Response(csv, { headers: { 'content-type': 'text/csv' } }),
    );
    const reply = await handleProxyRequest(
      request('GET', '/api/admin/export'),
      depsFor(fetch).deps,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).not.toBeInstanceOf(Uint8Array);
    expect(await bodyText(reply)).toBe(csv);
  });

  it('passes a bodiless answer on without a body', async () => {
    const { fetch } = fakeUpstream(
      () => new Response(null, { status: 204, headers: { 'content-type': 'application/json' } }),
    );
    const reply = await handleProxyRequest(
      request('DELETE', '/api/admin/offers/1'),
      depsFor(fetch).deps,
    );
    expect(reply.status).toBe(204);
    expect(reply.body).toBeNull();
    expect(reply.headers['content-length']).toBeUndefined();
  });

  it('answers 502 to a JSON reply over the read limit, and logs where without the query', async () => {
    const { fetch } = fakeUpstream(() => json({ payload: 'x'.repeat(2048) }));
    const { deps, logger } = depsFor(fetch);
    const reply = await handleProxyRequest(request('GET', '/api/admin/user?email=a@b.test'), deps);
    expect(reply.status).toBe(502);
    expect(JSON.parse(await bodyText(reply))).toMatchObject({
      metadata: { success: 0, message: 'The server sent a reply too large to pass on.' },
    });
    expect(logger.lines).toEqual([
      {
        level: 'warn',
        message: 'The upstream reply was too large to read',
        fields: { upstream: `${UPSTREAM}/admin/user` },
      },
    ]);
  });

  it('logs why the upstream could not be reached, cause included', async () => {
    const { fetch } = fakeUpstream(() => {
      throw new Error('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    });
    const { deps, logger } = depsFor(fetch);
    const reply = await handleProxyRequest(request('GET', '/api/admin/user?q=1'), deps);
    expect(reply.status).toBe(502);
    expect(logger.lines).toEqual([
      {
        level: 'warn',
        message: 'The upstream could not be reached',
        fields: {
          upstream: `${UPSTREAM}/admin/user`,
          error: 'fetch failed: Error: connect ECONNREFUSED',
        },
      },
    ]);
  });

  it('answers 502 to a file or an admin check the upstream cannot be reached for', async () => {
    const { fetch } = fakeUpstream(() => {
      throw new Error('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    });
    for (const [method, url] of [
      ['GET', '/api/files/storage/1/a.png'],
      ['GET', '/api/audience?target=all'],
      ['DELETE', '/api/group-chat/7/messages/m1'],
    ] as const) {
      const { deps, logger } = depsFor(fetch, { mirror: { db: new MemoryDb(), now: () => 1 } });
      const reply = await handleProxyRequest(
        request(method, url, { headers: { authorization: 'Bearer admin' } }),
        deps,
      );
      expect(reply.status, url).toBe(502);
      expect(
        logger.lines.map((line) => line.message),
        url,
      ).toEqual(['The upstream could not be reached']);
    }
  });

  it('answers 499 and logs nothing when the client has gone', async () => {
    const client = new AbortController();
    const { fetch } = fakeUpstream(() => {
      client.abort();
      throw new Error('aborted');
    });
    const { deps, logger } = depsFor(fetch);
    const reply = await handleProxyRequest(
      request('GET', '/api/admin/user', { signal: client.signal }),
      deps,
    );
    expect(reply.status).toBe(499);
    expect(logger.lines).toEqual([]);
  });

  it('answers 413 to a body that grows over the limit upstream', async () => {
    const { fetch } = fakeUpstream(async (_, init) => {
      for await (const chunk of init.body as AsyncIterable<Uint8Array>) void chunk;
      return json({});
    });
    async function* big() {
      yield Buffer.alloc(1025);
    }
    const reply = await handleProxyRequest(
      request('POST', '/api/chats', { body: { kind: 'stream', stream: big() } }),
      depsFor(fetch).deps,
    );
    expect(reply.status).toBe(413);
    expect(JSON.parse(await bodyText(reply))).toMatchObject({
      metadata: { message: 'The request is too large: at most 1 KB can be sent.' },
    });
  });

  it('passes the declared length of a streamed body on, and the client address', async () => {
    const { fetch, calls } = fakeUpstream(async (_, init) => {
      for await (const chunk of init.body as AsyncIterable<Uint8Array>) void chunk;
      return json({});
    });
    async function* body() {
      yield Buffer.from('{}');
    }
    await handleProxyRequest(
      request('POST', '/api/admin/offers', {
        body: { kind: 'stream', stream: body(), length: 2 },
        remoteAddress: '10.1.1.1',
      }),
      depsFor(fetch).deps,
    );
    expect(calls[0]?.init.headers.get('content-length')).toBe('2');
    expect(calls[0]?.init.headers.get('x-forwarded-for')).toBe('10.1.1.1');
  });
});

describe('sign-in replies', () => {
  it('answers 502 to a successful sign-in that cannot be read, never passing it on', async () => {
    for (const type of ['text/html', 'application/json']) {
      const { fetch } = fakeUpstream(
        () => new Response('{"payload": {"token": "abc"', { headers: { 'content-type': type } }),
      );
      const reply = await handleProxyRequest(request('POST', '/api/login'), depsFor(fetch).deps);
      expect(reply.status, type).toBe(502);
      expect(await bodyText(reply), type).not.toContain('abc');
    }
  });

  it('answers 502 to a successful sign-in with no body at all', async () => {
    const { fetch } = fakeUpstream(
      () => new Response('', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const reply = await handleProxyRequest(request('POST', '/api/login'), depsFor(fetch).deps);
    expect(reply.status).toBe(502);
  });

  it('passes a refused sign-in on as it came, readable or not', async () => {
    for (const status of [300, 401]) {
      const { fetch } = fakeUpstream(
        () => new Response('<h1>No</h1>', { status, headers: { 'content-type': 'text/html' } }),
      );
      const reply = await handleProxyRequest(request('POST', '/api/login'), depsFor(fetch).deps);
      expect(reply.status).toBe(status);
      expect(await bodyText(reply)).toBe('<h1>No</h1>');
    }
    const { fetch } = fakeUpstream(
      () =>
        new Response('{"broken', { status: 422, headers: { 'content-type': 'application/json' } }),
    );
    const reply = await handleProxyRequest(request('POST', '/api/login'), depsFor(fetch).deps);
    expect(reply.status).toBe(422);
    expect(await bodyText(reply)).toBe('{"broken');
  });
});

describe('routes the functions answer', () => {
  const ADMIN = { id: 1, name: 'Ada', email: 'ada@fuel.test', role: ['admin'] };
  const envelope = (payload: unknown, success = 1) => ({
    metadata: { success, message: '' },
    payload,
  });

  /** An upstream that knows the admin and answers everything else with `other`. */
  const upstreamWith = (other: (url: URL, init: UpstreamInit) => Response) =>
    fakeUpstream((url, init) =>
      url.pathname === '/api/me' ? json(envelope(ADMIN)) : other(url, init),
    );

  const asAdmin = (method: string, url: string) =>
    request(method, url, { headers: { authorization: 'Bearer admin' } });

  async function chatDb() {
    const db = new MemoryDb();
    const message = imageMessage({ senderUID: '101', senderUserName: 'Bob' });
    await db.update({ 'groups/7/groupChat/m1': message });
    await indexChatUploads({ groupId: '7', messageId: 'm1', message }, true, db);
    return db;
  }

  it.each([
    ['a refusal', () => json(envelope(null, 0), 403)],
    ['a success status saying it failed', () => json(envelope(null, 0))],
    ['the first status that is no success', () => json(envelope(null), 300)],
    ['an answer that is not JSON', () => new Response('<h1>Oops</h1>')],
    ['no envelope', () => json({ deleted: true })],
  ])('keeps a chat upload the upstream did not delete: %s', async (_name, refusal) => {
    const { fetch, calls } = upstreamWith(refusal);
    const db = await chatDb();
    const reply = await handleProxyRequest(
      asAdmin('DELETE', '/api/group-chat/7/messages/m1'),
      depsFor(fetch, { mirror: { db, now: () => 1 } }).deps,
    );
    expect(reply.status).toBe(200);
    expect(JSON.parse(await bodyText(reply)).payload).toEqual({
      filesDeleted: [],
      filesKept: [{ id: '12', reason: 'failed' }],
    });
    const removal = calls.find((call) => call.init.method === 'DELETE');
    expect(removal?.url.pathname).toBe('/api/chats/12');
    expect(removal?.init.headers.get('authorization')).toBe('Bearer admin');
  });

  it('answers 503 to a chat delete or an audience where there is no database', async () => {
    const { fetch } = upstreamWith(() => json(envelope(null)));
    for (const [method, url] of [
      ['DELETE', '/api/group-chat/7/messages/m1'],
      ['GET', '/api/audience?target=all'],
    ] as const) {
      const reply = await handleProxyRequest(asAdmin(method, url), depsFor(fetch).deps);
      expect(reply.status, url).toBe(503);
    }
  });

  it.each([
    ['a refusal', () => json(envelope(null, 0), 403)],
    ['a success status saying it failed', () => json(envelope([], 0))],
    ['a redirect', () => json(envelope([]), 302)],
    ['an answer that is not JSON', () => new Response('<h1>Oops</h1>')],
    ['no list', () => json(envelope({ users: [] }))],
    ['no envelope', () => json([])],
  ])('answers 502 and logs it when the users cannot be listed: %s', async (_name, refusal) => {
    const { fetch, calls } = upstreamWith(refusal);
    const { deps, logger } = depsFor(fetch, { mirror: { db: new MemoryDb(), now: () => 1 } });
    const reply = await handleProxyRequest(asAdmin('GET', '/api/audience?target=all'), deps);
    expect(reply.status).toBe(502);
    expect(JSON.parse(await bodyText(reply)).metadata.message).toBe(
      'The user list could not be refreshed, so the audience cannot be counted. Please try again.',
    );
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/me', '/api/admin/user']);
    expect(logger.lines.map((line) => [line.level, line.message])).toEqual([
      ['error', 'The audience could not be counted'],
    ]);
  });
});

/** The audit trail in `db`, at 5 ms, with its own cache of identities. */
const auditOn = (db: MemoryDb): AuditDeps => ({
  db,
  now: () => 5,
  logger: recordingLogger(),
  identities: createAdminIdentities({ now: () => 5, ttlMs: 60_000, maxEntries: 10 }),
});

/** A database that takes every write but the audit trail's, as one whose audit write fails. */
class NoAuditDb extends MemoryDb {
  override update(values: Record<string, unknown>): Promise<void> {
    if (Object.keys(values).some((path) => path.startsWith(paths.auditLog()))) {
      return Promise.reject(new Error('Client is offline.'));
    }
    return super.update(values);
  }
}

describe("an admin's changes, audited", () => {
  const ADMIN = { id: 1, name: 'Ada', email: 'ada@fuel.test', role: ['admin'] };
  const ok = (payload: unknown) => ({ metadata: { success: 1, message: '' }, payload });

  function audited(other: (url: URL, init: UpstreamInit) => Response | Promise<Response>) {
    const db = new MemoryDb();
    const audit = auditOn(db);
    const upstream = fakeUpstream((url, init) =>
      url.pathname === '/api/me' ? json(ok(ADMIN)) : other(url, init),
    );
    const entries = () => Object.values((db.at(paths.auditLog()) ?? {}) as object);
    return { ...upstream, db, entries, deps: depsFor(upstream.fetch, { audit }).deps };
  }

  it.each([
    ['answers nothing readable about who they are', 500, 502],
    ['no longer knows the token', 401, 401],
  ])(
    'sends no change upstream when the upstream %s: none would be recorded',
    async (_name, meStatus, status) => {
      const upstream = fakeUpstream((url) =>
        url.pathname === '/api/me'
          ? json({ metadata: { success: 0, message: 'no' }, payload: null }, meStatus)
          : json(ok(null)),
      );
      const db = new MemoryDb();
      const audit = auditOn(db);
      const reply = await handleProxyRequest(
        request('DELETE', '/api/admin/user/12', { headers: { authorization: 'Bearer admin' } }),
        depsFor(upstream.fetch, { audit }).deps,
      );
      expect(reply.status).toBe(status);
      expect(upstream.calls.map(({ url }) => url.pathname)).toEqual(['/api/me']);
      expect(db.at(paths.auditLog())).toBeUndefined();
    },
  );

  it('sends no change upstream for a user it no longer calls an admin, and ends their sessions', async () => {
    const upstream = fakeUpstream((url) =>
      url.pathname === '/api/me' ? json(ok({ ...ADMIN, role: ['user'] })) : json(ok(null)),
    );
    const db = new MemoryDb({
      adminSessions: { '1': { s1: { at: 0, expiresAt: 9, tokenHash: 'h' } } },
    });
    const revoked: string[] = [];
    const audit = auditOn(db);
    const reply = await handleProxyRequest(
      request('DELETE', '/api/admin/user/12', { headers: { authorization: 'Bearer admin' } }),
      depsFor(upstream.fetch, {
        audit,
        sessions: { db, now: () => 5, newId: () => 'unused', lifetimeMs: 10 },
        revokeRefreshTokens: async (uid) => void revoked.push(uid),
      }).deps,
    );
    expect(reply.status).toBe(403);
    expect(upstream.calls).toHaveLength(1);
    expect(db.at('adminSessions/1')).toBeUndefined();
    expect(revoked).toEqual(['1']);
  });

  it('writes the entry before the change goes upstream, and completes it with the outcome', async () => {
    let seenBefore: unknown[] = [];
    const { deps, entries } = audited(() => {
      seenBefore = entries();
      return json(ok(null));
    });
    const reply = await handleProxyRequest(
      request('DELETE', '/api/admin/user/12', { headers: { authorization: 'Bearer admin' } }),
      deps,
    );
    expect(reply.status).toBe(200);
    expect(seenBefore).toEqual([expect.not.objectContaining({ status: expect.anything() })]);
    expect(seenBefore[0]).toMatchObject({ action: 'user.delete', uid: '1', at: 5 });
    expect(entries()).toEqual([
      expect.objectContaining({ action: 'user.delete', status: 200, at: 5 }),
    ]);
  });

  it('sends no change whose entry cannot be written, and says why', async () => {
    const { fetch, calls } = fakeUpstream((url) =>
      url.pathname === '/api/me' ? json(ok(ADMIN)) : json(ok(null)),
    );
    const audit = auditOn(new NoAuditDb());
    const reply = await handleProxyRequest(
      request('DELETE', '/api/admin/user/12', { headers: { authorization: 'Bearer admin' } }),
      depsFor(fetch, { audit }).deps,
    );
    expect(reply.status).toBe(503);
    expect(await bodyText(reply)).toContain('audit trail cannot be written');
    expect(calls.map(({ url }) => url.pathname)).toEqual(['/api/me']);
  });

  const savePrices = (body: unknown) =>
    request('POST', '/api/admin/group/5/fuel-prices', {
      headers: { authorization: 'Bearer admin', 'content-type': 'application/json' },
      body: { kind: 'bytes', bytes: Buffer.from(JSON.stringify(body)) },
    });
  const PRICES = { regular: 3.49, premium: 3.99, diesel: 4.1, renew_99: 5, b_20: 4.5 };

  it.each([
    ['of undeclared length', undefined],
    ['declared too large', 1_400_003],
  ])(
    'passes a body too large to read for the entry (%s) on whole, in order',
    async (_name, length) => {
      const received: Buffer[] = [];
      let streamed = false;
      const { deps, entries } = audited(async (_, init) => {
        // Passed on as it comes, not gathered in memory first.
        streamed = !(init.body instanceof Uint8Array);
        for await (const chunk of init.body as AsyncIterable<Uint8Array>) {
          received.push(Buffer.from(chunk));
        }
        return json(ok(null));
      });
      const parts = [Buffer.alloc(700_000, 'a'), Buffer.alloc(700_000, 'b'), Buffer.from('end')];
      async function* upload() {
        yield* parts;
      }
      // An invoice's fields are read for its entry, when the body is small enough to read.
      const reply = await handleProxyRequest(
        request('POST', '/api/admin/user-report', {
          headers: { authorization: 'Bearer admin', 'content-type': 'application/json' },
          body: { kind: 'stream', stream: upload(), ...(length === undefined ? {} : { length }) },
        }),
        { ...deps, maxBodyBytes: 4 * 1024 * 1024 },
      );
      expect(reply.status).toBe(200);
      expect(Buffer.concat(received).equals(Buffer.concat(parts))).toBe(true);
      expect(streamed).toBe(true);
      expect(entries()).toMatchObject([
        { action: 'invoice.create', summary: 'Created invoice of user ?' },
      ]);
    },
  );

  it('audits the method Laravel reads from the body, and pins it for the upstream', async () => {
    const { deps, entries, calls } = audited(() => json(ok(null)));
    // The query says GET, the body DELETE: Laravel deletes the user.
    await handleProxyRequest(
      request('POST', '/api/admin/user/12?_method=GET', {
        headers: {
          authorization: 'Bearer admin',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: { kind: 'bytes', bytes: Buffer.from('_method=DELETE') },
      }),
      deps,
    );
    expect(entries()).toMatchObject([{ action: 'user.delete', targets: { user: '12' } }]);
    const sent = calls.find((call) => call.url.pathname === '/api/admin/user/12');
    expect(new Headers(sent?.init.headers).get('x-http-method-override')).toBe('DELETE');
  });

  it('pins the query’s method when the body is too large to read for its `_method`', async () => {
    const { deps, calls } = audited(async (_, init) => {
      for await (const chunk of init.body as AsyncIterable<Uint8Array>) void chunk;
      return json(ok(null));
    });
    async function* upload() {
      yield Buffer.alloc(1_100_000, 'a');
      yield Buffer.from('&_method=DELETE');
    }
    await handleProxyRequest(
      request('POST', '/api/admin/groups/5?_method=PUT', {
        headers: {
          authorization: 'Bearer admin',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: { kind: 'stream', stream: upload() },
      }),
      { ...deps, maxBodyBytes: 4 * 1024 * 1024 },
    );
    const sent = calls.find((call) => call.url.pathname === '/api/admin/groups/5');
    expect(new Headers(sent?.init.headers).get('x-http-method-override')).toBe('PUT');
  });

  it.each([
    ['a failure', () => json({ metadata: { success: 0, message: 'no' }, payload: null }, 500)],
    ['a success status saying it failed', () => json({ metadata: { success: 0 }, payload: {} })],
    ['the first status that is no success', () => json(ok(PRICES), 300)],
    ['an answer that is not JSON', () => new Response('<h1>Oops</h1>')],
  ])('records a save without a "before" when the prices before are %s', async (_name, read) => {
    const { deps, entries, calls } = audited((url) =>
      url.pathname.endsWith('/fuel-prices/2')
        ? read()
        : json(ok({ ...PRICES, fuel_price_type_id: 2, date: '2026-11-25' })),
    );
    await handleProxyRequest(
      savePrices({ ...PRICES, fuel_price_type_id: 2, date: '2026-11-25' }),
      deps,
    );
    expect(
      calls.map((call) => `${call.init.method} ${call.url.pathname}${call.url.search}`),
    ).toEqual([
      'GET /api/me',
      'GET /api/admin/group/5/fuel-prices/2?date=2026-11-25',
      'POST /api/admin/group/5/fuel-prices',
    ]);
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).not.toHaveProperty('before');
  });

  it.each([
    ['no type', { date: '2026-11-25' }],
    ['a type that is no id', { fuel_price_type_id: '2/../x', date: '2026-11-25' }],
    ['a type with text before its digits', { fuel_price_type_id: 'x2', date: '2026-11-25' }],
    ['a date that is no day', { fuel_price_type_id: 2, date: '2026-11-25T00:00' }],
    ['a date with text before it', { fuel_price_type_id: 2, date: 'x2026-11-25' }],
  ])('reads no prices before a save with %s', async (_name, fields) => {
    const { deps, calls } = audited(() => json(ok(null)));
    await handleProxyRequest(savePrices({ ...PRICES, ...fields }), deps);
    expect(calls.map((call) => call.init.method)).toEqual(['GET', 'POST']);
  });

  it('asks for the day in the parameter the upstream names, and not at all without one', async () => {
    const asked = async (priceDayParam: string | null) => {
      const { deps, entries, calls } = audited(() => json(ok(null)));
      await handleProxyRequest(
        savePrices({ ...PRICES, fuel_price_type_id: 2, date: '2026-11-25' }),
        {
          ...deps,
          capabilities: { ...DEFAULT_CAPABILITIES, priceDayParam },
        },
      );
      expect(entries()).toHaveLength(1);
      return calls.map((call) => `${call.init.method} ${call.url.pathname}${call.url.search}`);
    };
    expect(await asked('day')).toContain('GET /api/admin/group/5/fuel-prices/2?day=2026-11-25');
    // Without a per-day read, the latest record could be another day's: no "before" is read.
    expect(await asked(null)).toEqual(['GET /api/me', 'POST /api/admin/group/5/fuel-prices']);
  });

  it('reads the prices before a save of any type id, however many digits', async () => {
    const { deps, calls } = audited(() => json(ok(null)));
    await handleProxyRequest(
      savePrices({ ...PRICES, fuel_price_type_id: 12, date: '2026-11-25' }),
      deps,
    );
    expect(calls.map((call) => `${call.init.method} ${call.url.pathname}`)).toEqual([
      'GET /api/me',
      'GET /api/admin/group/5/fuel-prices/12',
      'POST /api/admin/group/5/fuel-prices',
    ]);
  });

  it.each([
    ['no content', () => new Response(null, { status: 204 })],
    ['the bare model without its fields', () => json({ id: 9, group_id: '5' }, 201)],
    ['the envelope with no payload', () => json(ok(null))],
  ])('writes the price history from the fields sent when the reply is %s', async (_n, reply) => {
    const { deps, db, entries } = audited((url) =>
      url.pathname.endsWith('/fuel-prices/2') ? json(ok(null)) : reply(),
    );
    const saved = await handleProxyRequest(
      savePrices({ ...PRICES, fuel_price_type_id: 2, date: '2026-11-25' }),
      deps,
    );
    expect(saved.status).toBeLessThan(300);
    expect(db.at('priceHistory/5/2/2026-11-25')).toEqual({ ...PRICES, at: 5, by: '1' });
    expect(entries()).toMatchObject([{ action: 'prices.save', status: saved.status }]);
  });

  it('writes no price history for a save the upstream refused', async () => {
    const { deps, db, entries } = audited((url) =>
      url.pathname.endsWith('/fuel-prices/2')
        ? json(ok(null))
        : json({ metadata: { success: 0, message: 'no' }, payload: null }, 422),
    );
    await handleProxyRequest(
      savePrices({ ...PRICES, fuel_price_type_id: 2, date: '2026-11-25' }),
      deps,
    );
    expect(db.at('priceHistory')).toBeUndefined();
    expect(entries()).toMatchObject([{ action: 'prices.save', status: 422 }]);
  });

  it('keeps a price read in the history once the reply is sent, without a name', async () => {
    const db = new MemoryDb();
    const { fetch } = fakeUpstream(() => json(ok({ ...PRICES, date: '2026-11-20' })));
    const { deps } = depsFor(fetch, {
      priceHistory: { db, now: () => 5, logger: recordingLogger() },
    });
    const reply = await handleProxyRequest(
      request('GET', '/api/admin/group/5/fuel-prices/2?date=2026-11-20', {
        headers: { authorization: 'Bearer admin' },
      }),
      deps,
    );
    expect(reply.status).toBe(200);
    expect(JSON.parse(await bodyText(reply))).toMatchObject({
      payload: { regular: PRICES.regular },
    });
    expect(db.at('priceHistory')).toBeUndefined();
    await reply.afterSend?.();
    expect(db.at('priceHistory/5/2/2026-11-20')).toEqual({ ...PRICES, at: 5 });
  });

  it('keeps nothing of a price read the upstream refused or that found no record', async () => {
    const db = new MemoryDb();
    for (const answer of [json(ok(null)), json({ message: 'Server Error' }, 500)]) {
      const { fetch } = fakeUpstream(() => answer);
      const { deps } = depsFor(fetch, {
        priceHistory: { db, now: () => 5, logger: recordingLogger() },
      });
      const reply = await handleProxyRequest(
        request('GET', '/api/admin/group/5/fuel-prices/2', {
          headers: { authorization: 'Bearer admin' },
        }),
        deps,
      );
      await reply.afterSend?.();
    }
    expect(db.at('priceHistory')).toBeUndefined();
  });

  it("records an admin's chat delete with its outcome", async () => {
    const { deps, db } = audited(() => json(ok(null)));
    const reply = await handleProxyRequest(
      request('DELETE', '/api/group-chat/7/messages/m1', {
        headers: { authorization: 'Bearer admin' },
      }),
      { ...deps, mirror: { db, now: () => 5 } },
    );
    expect(reply.status).toBe(404);
    expect(Object.values(db.at(paths.auditLog()) as object)).toEqual([
      {
        at: 5,
        uid: '1',
        email: 'ada@fuel.test',
        action: 'chat.delete',
        targets: { group: '7', message: 'm1' },
        summary: 'Deleted a chat message in group 7',
        status: 404,
      },
    ]);
  });

  it('deletes no chat message whose entry cannot be written', async () => {
    const message = imageMessage({ messageID: 'm1' });
    const db = new NoAuditDb({ groups: { 7: { groupChat: { m1: message } } } });
    const { fetch, calls } = fakeUpstream((url) =>
      url.pathname === '/api/me' ? json(ok(ADMIN)) : json(ok(null)),
    );
    const audit = auditOn(db);
    const reply = await handleProxyRequest(
      request('DELETE', '/api/group-chat/7/messages/m1', {
        headers: { authorization: 'Bearer admin' },
      }),
      depsFor(fetch, { audit, mirror: { db, now: () => 5 } }).deps,
    );
    expect(reply.status).toBe(503);
    expect(db.at('groups/7/groupChat/m1')).toEqual(message);
    expect(calls.map(({ url }) => url.pathname)).toEqual(['/api/me']);
  });

  it.each([
    ['a refusal', 401, { metadata: { success: 0, message: 'no' }, payload: null }],
    ['a redirect', 302, ok({ user: ADMIN, token: 't' })],
    [
      'a success saying it failed',
      200,
      { metadata: { success: 0 }, payload: { user: ADMIN, token: 't' } },
    ],
    ['no sign-in payload', 200, ok({ user: ADMIN })],
  ])('records no sign-in for %s', async (_name, status, body) => {
    const { deps, entries } = audited(() => json(body, status));
    await handleProxyRequest(request('POST', '/api/login'), deps);
    expect(entries()).toEqual([]);
  });
});

describe('the database session sent with a change', () => {
  const ADMIN = { id: 1, name: 'Ada', email: 'ada.upstream@fuel.test', role: ['admin'] };
  const ok = (payload: unknown) => ({ metadata: { success: 1, message: '' }, payload });
  const hash = (token: string) => createHash('sha256').update(token).digest('base64url');
  const session = (bearer: string, expiresAt = 9) => ({
    at: 0,
    expiresAt,
    tokenHash: hash(bearer),
    email: 'ada@fuel.test',
    name: 'Ada',
  });

  /** A change of the admin with bearer `admin`, proved by the ID token `id-token` of session s1. */
  async function change(record: object, proof = 'id-token') {
    const db = new MemoryDb({ adminSessions: { '1': { s1: record } } });
    const upstream = fakeUpstream((url) =>
      url.pathname === '/api/me' ? json(ok(ADMIN)) : json(ok(null)),
    );
    const reply = await handleProxyRequest(
      request('DELETE', '/api/admin/user/12', {
        headers: { authorization: 'Bearer admin', 'x-admin-session': proof },
      }),
      depsFor(upstream.fetch, {
        audit: auditOn(db),
        sessions: { db, now: () => 5, newId: () => 'unused', lifetimeMs: 10 },
        verifyIdToken: async (idToken) => {
          if (idToken !== 'id-token') throw new Error('auth/argument-error');
          return { uid: '1', claims: { role: 'admin', session: 's1' } };
        },
      }).deps,
    );
    const asked = upstream.calls.map(({ url }) => url.pathname);
    return { reply, asked, entries: Object.values((db.at(paths.auditLog()) ?? {}) as object) };
  }

  it('names the admin as the live session recorded them, without asking the upstream who', async () => {
    const { reply, asked, entries } = await change(session('admin'));
    expect(reply.status).toBe(200);
    expect(asked).toEqual(['/api/admin/user/12']);
    expect(entries).toEqual([
      expect.objectContaining({ uid: '1', email: 'ada@fuel.test', action: 'user.delete' }),
    ]);
  });

  it('refuses a change whose session was opened with another upstream token', async () => {
    const { reply, asked, entries } = await change(session('someone-else'));
    expect(reply.status).toBe(403);
    expect(await bodyText(reply)).toContain('another sign-in');
    expect(asked).toEqual([]);
    expect(entries).toEqual([]);
  });

  it.each([
    ['a lapsed session', session('admin', 5), 'id-token'],
    ['an ID token that does not verify', session('admin'), 'forged'],
    ['a session recorded without an e-mail', { at: 0, expiresAt: 9, tokenHash: hash('admin') }],
  ])('asks the upstream who the admin is for %s', async (_name, record, proof = 'id-token') => {
    const { reply, asked, entries } = await change(record, proof);
    expect(reply.status).toBe(200);
    expect(asked).toEqual(['/api/me', '/api/admin/user/12']);
    expect(entries).toEqual([expect.objectContaining({ email: 'ada.upstream@fuel.test' })]);
  });
});
