import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { UpstreamInit } from '../handlers/upstream/index.js';
import { listen } from '../testing/servers.js';
import { createUpstreamClient } from './upstream-client.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function serve(handler: RequestListener) {
  const server = await listen(createHttpServer(handler));
  closers.push(server.close);
  return server;
}

function init(overrides: Partial<UpstreamInit> = {}): UpstreamInit {
  return {
    method: 'GET',
    headers: new Headers(),
    body: undefined,
    signal: new AbortController().signal,
    redirect: 'manual',
    duplex: 'half',
    ...overrides,
  };
}

describe('createUpstreamClient', () => {
  it('answers with the status, status text, headers and body the upstream sent', async () => {
    const upstream = await serve((_, res) => {
      res.statusMessage = 'Made';
      res.writeHead(201, [
        ['content-type', 'application/json'],
        ['x-request-id', 'r-1'],
      ]);
      res.end('{"id":7}');
    });
    const response = await createUpstreamClient()(new URL(`${upstream.url}/api/x`), init());
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect([...response.headers.keys()]).not.toContain('undefined');
    expect(await response.text()).toBe('{"id":7}');
  });

  it('sends the method, headers and a streamed body as given', async () => {
    let seen = { method: '', auth: '', body: '' };
    const upstream = await serve((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen = {
          method: req.method ?? '',
          auth: req.headers.authorization ?? '',
          body: Buffer.concat(chunks).toString(),
        };
        res.end();
      });
    });
    async function* body() {
      yield Buffer.from('a');
      yield Buffer.from('b');
    }
    await createUpstreamClient()(
      new URL(upstream.url),
      init({ method: 'PUT', headers: new Headers({ authorization: 'Bearer t' }), body: body() }),
    );
    expect(seen).toEqual({ method: 'PUT', auth: 'Bearer t', body: 'ab' });
  });

  it('gives no body to a HEAD reply or a bodiless status, and keeps the connection for the next call', async () => {
    const ports: number[] = [];
    const upstream = await serve((req, res) => {
      ports.push(req.socket.remotePort ?? 0);
      res.writeHead(req.url === '/none' ? 204 : 200, { 'content-type': 'text/plain' });
      res.end(req.method === 'HEAD' ? undefined : 'text');
    });
    const fetch = createUpstreamClient();
    // The connection goes back to the pool once the reply has ended, a turn of the loop later.
    const released = () => new Promise((resolve) => setImmediate(resolve));
    const head = await fetch(new URL(`${upstream.url}/file`), init({ method: 'HEAD' }));
    expect(head.body).toBeNull();
    ports.length = 0;
    const none = await fetch(new URL(`${upstream.url}/none`), init());
    expect(none.body).toBeNull();
    await released();
    const get = await fetch(new URL(`${upstream.url}/file`), init());
    expect(await get.text()).toBe('text');
    expect(new Set(ports).size).toBe(1);
  });

  it('refuses a status no Response can carry', async () => {
    const tcp = await listen(
      createTcpServer((socket) => {
        // The client may reset the connection once it refuses the status: not our error.
        socket.on('error', () => undefined);
        socket.end('HTTP/1.1 600 Odd\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      }),
    );
    closers.push(tcp.close);
    await expect(createUpstreamClient()(new URL(tcp.url), init())).rejects.toThrow(RangeError);
  });

  it('speaks TLS to an https upstream, never plain HTTP', async () => {
    const first = new Promise<number>((resolve) => {
      const tcp = createTcpServer((socket) =>
        socket.once('data', (data: Buffer) => {
          resolve(data[0] ?? -1);
          socket.destroy();
        }),
      );
      void listen(tcp).then((server) => {
        closers.push(server.close);
        void createUpstreamClient()(new URL(`https://127.0.0.1:${server.port}/api`), init()).catch(
          () => undefined,
        );
      });
    });
    // 0x16 opens a TLS handshake record.
    expect(await first).toBe(0x16);
  });

  describe('a kept-alive connection the upstream closed as it was reused', () => {
    /**
     * Answers the first request of each connection and resets the connection at the next one,
     * as an upstream whose idle timeout ends a connection just as it is reused.
     */
    async function closingUpstream() {
      const requests: string[] = [];
      const server = await listen(
        createTcpServer((socket) => {
          let answered = false;
          socket.on('error', () => undefined);
          socket.on('data', (chunk: Buffer) => {
            requests.push(chunk.toString('latin1').split(' ', 1)[0] ?? '');
            if (answered) {
              socket.resetAndDestroy();
              return;
            }
            answered = true;
            socket.write(
              'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok',
            );
          });
        }),
      );
      closers.push(server.close);
      return { url: server.url, requests };
    }

    it('sends a read again, once, on a fresh connection', async () => {
      const upstream = await closingUpstream();
      const fetch = createUpstreamClient();
      // Read whole, so the connection goes back to the pool.
      expect(await (await fetch(new URL(`${upstream.url}/a`), init())).text()).toBe('ok');
      const again = await fetch(new URL(`${upstream.url}/b`), init());
      expect(again.status).toBe(200);
      expect(await again.text()).toBe('ok');
      expect(upstream.requests).toEqual(['GET', 'GET', 'GET']);
    });

    it('never sends a change twice: the failure is the answer', async () => {
      const upstream = await closingUpstream();
      const fetch = createUpstreamClient();
      await (await fetch(new URL(`${upstream.url}/a`), init())).text();
      await expect(
        fetch(new URL(`${upstream.url}/b`), init({ method: 'DELETE' })),
      ).rejects.toMatchObject({ code: 'ECONNRESET' });
      expect(upstream.requests).toEqual(['GET', 'DELETE']);
    });
  });
});
