import { createHash } from 'node:crypto';
import { createServer, request, type IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDb } from '../testing/memory-db.js';
import { recordingLogger } from '../testing/recording-logger.js';
import { listen, rawRequest, sendJson, startUpstream } from '../testing/servers.js';
import { createProxyServer } from '../testing/proxy-server.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});
async function started(server: Parameters<typeof listen>[0]) {
  const running = await listen(server);
  closers.push(running.close);
  return running;
}

const MIB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const ok = { metadata: { success: 1, message: '' }, payload: null };

/** Sends `total` bytes of a known pattern in 64 KiB pieces, waiting on `before(offset)`. */
function upload(
  url: string,
  total: number,
  before: (offset: number) => Promise<void> = async () => undefined,
): Promise<{ status: number; sha256: string }> {
  const { hostname, port } = new URL(url);
  const hash = createHash('sha256');
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        method: 'POST',
        path: '/api/chats',
        headers: { 'content-type': 'application/octet-stream', 'content-length': total },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, sha256: hash.digest('hex') }));
      },
    );
    req.on('error', reject);
    void (async () => {
      const piece = Buffer.alloc(64 * 1024);
      for (let offset = 0; offset < total; offset += piece.length) {
        await before(offset);
        piece.fill(offset % 251);
        const part = piece.subarray(0, Math.min(piece.length, total - offset));
        hash.update(part);
        if (!req.write(part)) await new Promise((r) => req.once('drain', r));
      }
      req.end();
    })();
  });
}

/** An upstream that hashes the body as it arrives and reports how much it has seen. */
async function streamingUpstream() {
  const state = { received: 0, sha256: '', contentLength: '' };
  const server = createServer((req: IncomingMessage, res) => {
    const hash = createHash('sha256');
    state.contentLength = req.headers['content-length'] ?? '';
    req.on('data', (chunk: Buffer) => {
      state.received += chunk.length;
      hash.update(chunk);
    });
    req.on('end', () => {
      state.sha256 = hash.digest('hex');
      sendJson(res, 200, ok);
    });
  });
  return { ...(await started(server)), state };
}

describe('request bodies', () => {
  it('with Cloud Functions, sends the already-read rawBody byte for byte with its length', async () => {
    const upstream = await startUpstream((_, res) => sendJson(res, 200, ok));
    closers.push(upstream.close);
    const proxy = await started(
      createProxyServer({
        upstreamUrl: `${upstream.url}/api`,
        logger: recordingLogger(),
        wholeBodies: true,
      }),
    );
    const body = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nGroup\r\n--b--\r\n',
    );
    const reply = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/admin/groups',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body,
    });
    expect(reply.status).toBe(200);
    expect(upstream.seen[0]?.body.equals(body)).toBe(true);
    expect(upstream.seen[0]?.headers['content-length']).toBe(String(body.length));
  });

  it('with Cloud Functions, answers 413 to a rawBody over the limit', async () => {
    const upstream = await startUpstream((_, res) => sendJson(res, 200, ok));
    closers.push(upstream.close);
    const proxy = await started(
      createProxyServer({
        upstreamUrl: `${upstream.url}/api`,
        logger: recordingLogger(),
        maxBodyBytes: 1000,
        wholeBodies: true,
      }),
    );
    const reply = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/chats',
      body: Buffer.alloc(1001),
    });
    expect(reply.status).toBe(413);
    expect(upstream.seen).toHaveLength(0);
  });

  it(
    'streams a body on as it arrives: the upstream sees bytes before the upload ends',
    { timeout: 30_000 },
    async () => {
      const upstream = await streamingUpstream();
      const proxy = await started(
        createProxyServer({ upstreamUrl: `${upstream.url}/api`, logger: recordingLogger() }),
      );
      const total = 8 * MIB;
      const result = await upload(proxy.url, total, async (offset) => {
        // Halfway, wait until the upstream has received the first half: a proxy that holds the
        // body back until it has all of it never gets past this point.
        if (offset === total / 2)
          await expect.poll(() => upstream.state.received, { timeout: 5000 }).toBe(total / 2);
      });
      expect(result.status).toBe(200);
      expect(upstream.state.sha256).toBe(result.sha256);
    },
  );

  it(
    'passes a 30 MB upload with memory rising by less than its size',
    { timeout: 60_000 },
    async () => {
      const upstream = await streamingUpstream();
      const proxy = await started(
        createProxyServer({ upstreamUrl: `${upstream.url}/api`, logger: recordingLogger() }),
      );
      const total = 30 * MIB;
      // Live memory only: garbage waiting for a collection is not what the proxy holds.
      const live = () => {
        collectGarbage();
        return process.memoryUsage().arrayBuffers;
      };
      const baseline = live();
      let peak = baseline;
      const sample = () => (peak = Math.max(peak, live()));
      const sampler = setInterval(sample, 5);
      const result = await upload(proxy.url, total).finally(() => clearInterval(sampler));
      expect(result.status).toBe(200);
      expect(upstream.state.contentLength).toBe(String(total));
      expect(upstream.state.sha256).toBe(result.sha256);
      expect(peak - baseline).toBeLessThan(total);
    },
  );
});

describe('request bodies on a plain server', () => {
  async function proxied(wholeBodies: boolean) {
    const upstream = await startUpstream((_, res) => sendJson(res, 200, ok));
    closers.push(upstream.close);
    const proxy = await started(
      createProxyServer({
        upstreamUrl: `${upstream.url}/api`,
        logger: recordingLogger(),
        wholeBodies,
      }),
    );
    return { upstream, proxy };
  }
  const bodyHeaders = (headers: IncomingMessage['headers']) => ({
    length: headers['content-length'],
    chunked: headers['transfer-encoding'],
  });

  it.each([false, true])(
    'sends no body on with a request that has none (whole bodies: %s)',
    async (wholeBodies) => {
      const { upstream, proxy } = await proxied(wholeBodies);
      await rawRequest(proxy.url, { path: '/api/admin/user' });
      await rawRequest(proxy.url, {
        method: 'DELETE',
        path: '/api/admin/user/5',
        headers: { 'content-length': 0 },
      });
      expect(upstream.seen.map((seen) => bodyHeaders(seen.headers))).toEqual([
        { length: undefined, chunked: undefined },
        { length: undefined, chunked: undefined },
      ]);
    },
  );

  it('streams a chunked upload of undeclared length on whole', async () => {
    const { upstream, proxy } = await proxied(false);
    const { hostname, port } = new URL(proxy.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          method: 'POST',
          path: '/api/chats',
          headers: { 'content-type': 'text/plain' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write('first part, ');
      req.end('second part');
    });
    expect(status).toBe(200);
    expect(upstream.seen[0]?.body.toString()).toBe('first part, second part');
  });
});

describe('failures', () => {
  it('answers 500, with the safety headers, when the handler itself fails, and logs why', async () => {
    const upstream = await startUpstream((_, res) =>
      sendJson(res, 200, {
        metadata: { success: 1, message: '' },
        payload: {
          token: 't',
          user: {
            id: 1,
            name: 'A',
            email: 'a@fuel.test',
            image: null,
            role: ['admin'],
            device_ids: [],
          },
        },
      }),
    );
    closers.push(upstream.close);
    const logger = recordingLogger();
    const proxy = await started(
      createProxyServer({
        upstreamUrl: `${upstream.url}/api`,
        logger,
        createCustomToken: async () => 'token',
        sessions: {
          db: new MemoryDb(),
          now: () => 0,
          newId: () => {
            throw new Error('no randomness left');
          },
          lifetimeMs: 3_600_000,
        },
      }),
    );
    const reply = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/login',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@fuel.test","password":"p"}',
    });
    expect(reply.status).toBe(500);
    expect(reply.json()).toEqual({
      metadata: { success: 0, message: 'Something went wrong. Please try again.' },
      payload: null,
    });
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(logger.lines).toEqual([
      {
        level: 'error',
        message: expect.stringMatching(/\S/),
        fields: { error: 'Error: no randomness left' },
      },
    ]);
  });

  it('cuts the connection, and logs it, when the upstream breaks off a reply it was streaming', async () => {
    const upstream = await started(
      createServer((_, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.write(Buffer.alloc(1024), () => res.destroy());
      }),
    );
    const logger = recordingLogger();
    const proxy = await started(createProxyServer({ upstreamUrl: `${upstream.url}/api`, logger }));
    const outcome = await rawRequest(proxy.url, { path: '/api/files/storage/1/big.mp4' }).then(
      () => 'whole',
      () => 'cut',
    );
    expect(outcome).toBe('cut');
    await expect
      .poll(() => logger.lines)
      .toEqual([
        {
          level: 'warn',
          message: expect.stringMatching(/\S/),
          fields: { error: expect.any(String) },
        },
      ]);
  });

  it('stops waiting on the upstream once the client has gone away', async () => {
    let upstreamAsked = false;
    let upstreamClosed = false;
    const upstream = await started(
      createServer((req) => {
        upstreamAsked = true;
        req.socket.on('close', () => (upstreamClosed = true));
      }),
    );
    const proxy = await started(
      createProxyServer({ upstreamUrl: `${upstream.url}/api`, logger: recordingLogger() }),
    );
    const { hostname, port } = new URL(proxy.url);
    const req = request({ hostname, port, path: '/api/admin/complaints' });
    req.on('error', () => undefined);
    req.end();
    await expect.poll(() => upstreamAsked).toBe(true);
    req.destroy();
    // The upstream's own deadline is 30 s away: only the client leaving ends this request.
    await expect.poll(() => upstreamClosed).toBe(true);
  });
});

describe('replies', () => {
  it('stops fetching from the upstream when the client goes away mid-file', async () => {
    let upstreamClosed = false;
    const upstream = await started(
      createServer((_, res) => {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.write(Buffer.alloc(64 * 1024));
        res.on('close', () => (upstreamClosed = true));
      }),
    );
    const proxy = await started(
      createProxyServer({ upstreamUrl: `${upstream.url}/api`, logger: recordingLogger() }),
    );
    await new Promise<void>((resolve, reject) => {
      const { hostname, port } = new URL(proxy.url);
      const req = request({ hostname, port, path: '/api/files/storage/1/big.mp4' }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', reject);
      req.end();
    });
    await expect.poll(() => upstreamClosed).toBe(true);
  });
});
