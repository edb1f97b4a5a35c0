import { createHash, randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createProxyServer } from '../../testing/proxy-server.js';
import { proxyFixtures } from '../../testing/proxy-fixture.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { listen, rawRequest, sendJson, startUpstream } from '../../testing/servers.js';

const fixtures = proxyFixtures();
afterEach(fixtures.closeAll);

const ok = (payload: unknown) => ({ metadata: { success: 1, message: '' }, payload });

/** The proxy in front of an upstream that is not a well-behaved HTTP server. */
async function proxyTo(upstreamUrl: string): Promise<string> {
  const proxy = await listen(createProxyServer({ upstreamUrl, logger: recordingLogger() }));
  fixtures.track(proxy.close);
  return proxy.url;
}

describe('forwarding', () => {
  it('forwards method, path, query, Authorization, Content-Type and a JSON body', async () => {
    const { upstream, proxy } = await fixtures.start((_, res) => sendJson(res, 201, ok({ id: 7 })));
    const body = JSON.stringify({
      user_id: 3,
      title: 'Invoice',
      description: 'May',
      url: 'https://x.test/i.pdf',
    });
    const reply = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/admin/user-report/9?_method=PUT',
      headers: {
        authorization: 'Bearer abc',
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body,
    });
    expect(reply.status).toBe(201);
    expect(reply.json()).toEqual(ok({ id: 7 }));
    const [seen] = upstream.seen;
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/api/admin/user-report/9?_method=PUT');
    expect(seen?.headers.authorization).toBe('Bearer abc');
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.body.toString()).toBe(body);
    expect(seen?.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it("behind Google's front end, passes on only the address it appended, not what the client wrote", async () => {
    const { upstream, proxy } = await fixtures.start((_, res) => sendJson(res, 200, ok(null)), {
      behindGoogleFrontEnd: true,
    });
    await rawRequest(proxy.url, {
      path: '/api/admin/user',
      // The client sent "10.0.0.1, 198.51.100.9"; the front end appended 203.0.113.7.
      headers: { 'x-forwarded-for': '10.0.0.1, 198.51.100.9, 203.0.113.7' },
    });
    expect(upstream.seen[0]?.headers['x-forwarded-for']).toBe('203.0.113.7');
  });

  it("in a plain server, passes on the socket's address and ignores a client's X-Forwarded-For", async () => {
    const { upstream, proxy } = await fixtures.start((_, res) => sendJson(res, 200, ok(null)));
    await rawRequest(proxy.url, {
      path: '/api/admin/user',
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(upstream.seen[0]?.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('passes a multipart upload on byte for byte, boundary included', async () => {
    const { upstream, proxy } = await fixtures.start((_, res) => sendJson(res, 200, ok({ id: 1 })));
    const file = randomBytes(256 * 1024);
    const boundary = '----proxytest7MA4YWxkTrZu0gW';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const reply = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/chats',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
      },
      body,
    });
    expect(reply.status).toBe(200);
    expect(upstream.seen[0]?.headers['content-type']).toBe(
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(upstream.seen[0]?.headers['content-length']).toBe(String(body.length));
    expect(upstream.seen[0]?.sha256).toBe(createHash('sha256').update(body).digest('hex'));
  });

  it('passes the upstream status and body on unchanged, errors included', async () => {
    const refusal = {
      metadata: { success: 0, message: { title: ['The title field is required.'] } },
      payload: null,
    };
    const { proxy } = await fixtures.start((_, res) => sendJson(res, 422, refusal));
    const reply = await rawRequest(proxy.url, { method: 'POST', path: '/api/admin/notifications' });
    expect(reply.status).toBe(422);
    expect(reply.json()).toEqual(refusal);
  });

  it('passes a reply that is not JSON on with its status and type', async () => {
    const { proxy } = await fixtures.start((_, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<h1>Server Error</h1>');
    });
    const reply = await rawRequest(proxy.url, { path: '/api/admin/user' });
    expect(reply.status).toBe(500);
    expect(reply.headers['content-type']).toBe('text/html');
    expect(reply.text).toBe('<h1>Server Error</h1>');
  });

  it('passes garbage labelled JSON on with its status instead of failing', async () => {
    const { proxy } = await fixtures.start((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"metadata": {"success": 1, ');
    });
    const reply = await rawRequest(proxy.url, { path: '/api/admin/user' });
    expect(reply.status).toBe(200);
    expect(reply.text).toBe('{"metadata": {"success": 1, ');
  });

  it('drops hop-by-hop headers both ways, and passes back only the allowed ones', async () => {
    const { upstream, proxy } = await fixtures.start((_, res) => {
      res.setHeader('clear-site-data', '"storage"');
      res.setHeader('service-worker-allowed', '/');
      res.setHeader('connection', 'x-upstream-private');
      res.setHeader('x-upstream-private', 'secret');
      res.setHeader('proxy-authenticate', 'Basic');
      res.setHeader('set-cookie', 'laravel_session=abc');
      res.setHeader('x-request-id', 'r-1');
      sendJson(res, 200, ok(null));
    });
    const reply = await rawRequest(proxy.url, {
      path: '/api/admin/offers',
      headers: {
        connection: 'keep-alive, x-client-private',
        'x-client-private': 'secret',
        'keep-alive': 'timeout=5',
        'proxy-authorization': 'Basic Zm9vOmJhcg==',
        te: 'trailers',
        upgrade: 'websocket',
        cookie: 'session=1',
        authorization: 'Bearer t',
      },
    });
    expect(reply.status).toBe(200);
    const sent = upstream.seen[0]?.headers ?? {};
    for (const name of [
      'x-client-private',
      'keep-alive',
      'proxy-authorization',
      'te',
      'upgrade',
      'cookie',
    ]) {
      expect(sent[name], name).toBeUndefined();
    }
    expect(sent.authorization).toBe('Bearer t');
    expect(reply.headers['x-upstream-private']).toBeUndefined();
    expect(reply.headers['proxy-authenticate']).toBeUndefined();
    expect(reply.headers['set-cookie']).toBeUndefined();
    // The admin's storage and the service worker's scope are not the upstream's to change.
    expect(reply.headers['clear-site-data']).toBeUndefined();
    expect(reply.headers['service-worker-allowed']).toBeUndefined();
    expect(reply.headers['x-request-id']).toBe('r-1');
  });

  it("drops the upstream's Location, Refresh, Set-Cookie and Access-Control-* headers", async () => {
    const { proxy } = await fixtures.start((_, res) => {
      res.setHeader('location', 'https://evil.example/phish');
      res.setHeader('refresh', '0; url=https://evil.example/phish');
      res.setHeader('set-cookie', 'laravel_session=abc');
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-credentials', 'true');
      sendJson(res, 200, ok(null));
    });
    const reply = await rawRequest(proxy.url, { path: '/api/admin/offers' });
    expect(reply.status).toBe(200);
    for (const name of [
      'location',
      'refresh',
      'set-cookie',
      'access-control-allow-origin',
      'access-control-allow-credentials',
    ]) {
      expect(reply.headers[name], name).toBeUndefined();
    }
  });

  it('marks every reply nosniff, and sandboxes every reply that is not JSON', async () => {
    const { proxy } = await fixtures.start((seen, res) => {
      if (seen.url.endsWith('/page')) {
        res.writeHead(200, {
          'content-type': 'text/html',
          'content-security-policy': "default-src 'self'",
        });
        res.end('<script>alert(1)</script>');
        return;
      }
      if (seen.url.endsWith('.png')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end('png');
        return;
      }
      sendJson(res, 200, ok([]));
    });
    const json = await rawRequest(proxy.url, { path: '/api/admin/user' });
    const page = await rawRequest(proxy.url, { path: '/api/admin/page' });
    const image = await rawRequest(proxy.url, { path: '/api/files/storage/1/a.png' });
    const refused = await rawRequest(proxy.url, { path: '/api/../x' });
    for (const [name, reply] of Object.entries({ json, page, image, refused })) {
      expect(reply.headers['x-content-type-options'], name).toBe('nosniff');
    }
    expect(json.headers['content-security-policy']).toBeUndefined();
    expect(refused.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['content-security-policy']).toBe('sandbox');
    expect(image.headers['content-security-policy']).toBe('sandbox');
  });

  it('marks API replies as never to be cached by a shared cache', async () => {
    const { proxy } = await fixtures.start((_, res) =>
      sendJson(res, 200, ok([]), { 'cache-control': 'public, max-age=600' }),
    );
    const reply = await rawRequest(proxy.url, { path: '/api/admin/user' });
    expect(reply.headers['cache-control']).toBe('private, no-store');
  });

  it('passes a redirect on instead of following it to another origin', async () => {
    const elsewhere = await startUpstream((_, res) => sendJson(res, 200, ok('followed')));
    fixtures.track(elsewhere.close);
    const { proxy } = await fixtures.start((_, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/steal` });
      res.end();
    });
    const reply = await rawRequest(proxy.url, { path: '/api/admin/user' });
    expect(reply.status).toBe(302);
    expect(elsewhere.seen).toHaveLength(0);
  });
});

describe('only the configured upstream is ever called', () => {
  it.each([
    ['dot-dot', '/api/../../etc/passwd'],
    ['encoded dot-dot', '/api/%2e%2e/%2e%2e/secret'],
    ['protocol-relative host', '//evil.example/api/x'],
    ['host after the prefix', '/api//evil.example/x'],
    ['absolute URL', 'http://evil.example/api/login'],
    ['backslash', '/api/admin\\..\\..\\x'],
    ['file path escape', '/api/files/%2e%2e/api/admin/user'],
    ['file path escape from the upload folder', '/api/files/storage/%2e%2e/.env'],
    ['encoded slash in a file path', '/api/files/storage%2f..%2f.env'],
  ])('answers 400 to a %s and calls nobody', async (_name, path) => {
    const { upstream, proxy } = await fixtures.start((_, res) => sendJson(res, 200, ok(null)));
    const reply = await rawRequest(proxy.url, { path });
    expect(reply.status).toBe(400);
    expect(reply.json()).toEqual({
      metadata: { success: 0, message: 'This address is not allowed.' },
      payload: null,
    });
    expect(upstream.seen).toHaveLength(0);
  });
});

describe('limits and failures', () => {
  it('answers 413 to a declared body over the limit without calling the upstream', async () => {
    const { upstream, proxy } = await fixtures.start((_, res) => sendJson(res, 200, ok(null)), {
      maxBodyBytes: 1024,
    });
    const reply = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/chats',
      headers: { 'content-type': 'application/octet-stream', 'content-length': 2048 },
      body: Buffer.alloc(2048),
    });
    expect(reply.status).toBe(413);
    expect(reply.json()).toMatchObject({ metadata: { success: 0 } });
    expect(upstream.seen).toHaveLength(0);
  });

  it('answers 413 to a chunked body that grows over the limit', async () => {
    const { upstream, proxy } = await fixtures.start((_, res) => sendJson(res, 200, ok(null)), {
      maxBodyBytes: 64 * 1024,
    });
    const reply = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/chats',
      headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      body: Buffer.alloc(256 * 1024),
    });
    expect(reply.status).toBe(413);
    expect(reply.json()).toMatchObject({
      metadata: { success: 0, message: 'The request is too large: at most 64 KB can be sent.' },
    });
    expect(upstream.seen.every((seen) => seen.body.length <= 64 * 1024)).toBe(true);
  });

  it('answers 502 in the envelope when the upstream cannot be reached', async () => {
    const closed = await listen(createTcpServer());
    await closed.close();
    const reply = await rawRequest(await proxyTo(`${closed.url}/api`), { path: '/api/admin/user' });
    expect(reply.status).toBe(502);
    expect(reply.json()).toEqual({
      metadata: {
        success: 0,
        message: 'The server could not be reached. Please try again in a moment.',
      },
      payload: null,
    });
  });

  it('answers 502 to an upload when the upstream cannot be reached', async () => {
    const closed = await listen(createTcpServer());
    await closed.close();
    const reply = await rawRequest(await proxyTo(`${closed.url}/api`), {
      method: 'POST',
      path: '/api/chats',
      headers: { 'content-type': 'application/octet-stream', 'transfer-encoding': 'chunked' },
      body: Buffer.alloc(512 * 1024),
    });
    expect(reply.status).toBe(502);
  });

  it('answers 502 when the upstream hangs up in the middle of an upload', async () => {
    const rude = await listen(
      createHttpServer((req) => req.once('data', () => req.socket.destroy())),
    );
    fixtures.track(rude.close);
    const reply = await rawRequest(await proxyTo(`${rude.url}/api`), {
      method: 'POST',
      path: '/api/chats',
      headers: { 'content-type': 'application/octet-stream', 'content-length': 4 * 1024 * 1024 },
      body: Buffer.alloc(4 * 1024 * 1024),
    });
    expect(reply.status).toBe(502);
  });

  it('answers 504 in the envelope when the upstream does not answer in time', async () => {
    const { proxy, logger } = await fixtures.start(() => undefined, { timeoutMs: 150 });
    const reply = await rawRequest(proxy.url, { path: '/api/admin/user' });
    expect(reply.status).toBe(504);
    expect(reply.json()).toEqual({
      metadata: {
        success: 0,
        message: 'The server took too long to answer. Please try again in a moment.',
      },
      payload: null,
    });
    expect(logger.lines.map((line) => line.message)).toContain(
      'The upstream did not answer in time',
    );
  });

  it('answers 504 when the upstream sends headers, then stalls in the middle of JSON', async () => {
    const { proxy } = await fixtures.start(
      (_, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"metadata":');
      },
      { timeoutMs: 150 },
    );
    const reply = await rawRequest(proxy.url, { path: '/api/admin/user' });
    expect(reply.status).toBe(504);
  });

  it('answers 502 when the upstream speaks garbage instead of HTTP', async () => {
    const tcp = await listen(
      createTcpServer((socket) => {
        // The proxy may reset the connection before the garbage is all written: not our error.
        socket.on('error', () => undefined);
        socket.end('NOT HTTP AT ALL\r\n\r\n');
      }),
    );
    fixtures.track(tcp.close);
    const reply = await rawRequest(await proxyTo(`${tcp.url}/api`), { path: '/api/admin/user' });
    expect(reply.status).toBe(502);
    expect(reply.json()).toMatchObject({ metadata: { success: 0 } });
  });
});

describe('file URLs', () => {
  it('rewrites upstream file URLs at any depth to /api/files/, and leaves others alone', async () => {
    let origin = '';
    const { proxy, upstream } = await fixtures.start((_, res) => {
      // PHP escapes slashes in JSON; the rewrite must still find them.
      const json = JSON.stringify(
        ok([
          { id: 1, image: { original_url: `${origin}/storage/12/photo.png` } },
          { id: 2, image: null, reports: [{ url: `${origin}/storage/3/invoice.pdf?v=2` }] },
          {
            id: 3,
            image: `${origin}/storage/4/a.jpg`,
            url: 'https://elsewhere.test/storage/x.png',
          },
          { id: 4, note: `${origin}/storage/5/not-a-url-field.png` },
          { id: 5, url: `${origin}/api/admin/user-report/5`, image: `${origin}/logo.png` },
        ]),
      ).replaceAll('/', '\\/');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(json);
    });
    origin = upstream.url;
    const reply = await rawRequest(proxy.url, { path: '/api/admin/user' });
    expect(reply.json()).toEqual(
      ok([
        { id: 1, image: { original_url: '/api/files/storage/12/photo.png' } },
        { id: 2, image: null, reports: [{ url: '/api/files/storage/3/invoice.pdf?v=2' }] },
        { id: 3, image: '/api/files/storage/4/a.jpg', url: 'https://elsewhere.test/storage/x.png' },
        { id: 4, note: `${origin}/storage/5/not-a-url-field.png` },
        // Outside the upload folders: /api/files would not serve them.
        { id: 5, url: `${origin}/api/admin/user-report/5`, image: `${origin}/logo.png` },
      ]),
    );
  });

  it("rewrites file URLs on the upstream's host whatever their scheme, but not another port's", async () => {
    let host = '';
    const { proxy, upstream } = await fixtures.start((_, res) =>
      sendJson(
        res,
        200,
        ok({
          plain: { original_url: `http://${host}/storage/1/a.png` },
          secure: { original_url: `https://${host}/storage/2/b.png` },
          otherPort: { original_url: `https://127.0.0.1:1/storage/3/c.png` },
        }),
      ),
    );
    host = new URL(upstream.url).host;
    const reply = await rawRequest(proxy.url, { path: '/api/admin/offers' });
    expect(reply.json()).toEqual(
      ok({
        plain: { original_url: '/api/files/storage/1/a.png' },
        secure: { original_url: '/api/files/storage/2/b.png' },
        otherPort: { original_url: 'https://127.0.0.1:1/storage/3/c.png' },
      }),
    );
  });

  it('streams a file from the upstream origin with its type and caching headers, no credentials', async () => {
    const png = randomBytes(4096);
    const { proxy, upstream } = await fixtures.start((_, res) => {
      res.writeHead(200, {
        'content-type': 'image/png',
        'content-length': png.length,
        etag: '"v1"',
        'last-modified': 'Tue, 01 Apr 2025 10:00:00 GMT',
      });
      res.end(png);
    });
    const reply = await rawRequest(proxy.url, {
      path: '/api/files/storage/12/photo.png',
      headers: { authorization: 'Bearer secret', cookie: 'a=b' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.equals(png)).toBe(true);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.headers.etag).toBe('"v1"');
    expect(reply.headers['last-modified']).toBe('Tue, 01 Apr 2025 10:00:00 GMT');
    expect(reply.headers['cache-control']).toBe('private, max-age=300');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['content-disposition']).toBeUndefined();
    expect(upstream.seen[0]?.url).toBe('/storage/12/photo.png');
    expect(upstream.seen[0]?.headers.authorization).toBeUndefined();
    expect(upstream.seen[0]?.headers.cookie).toBeUndefined();
  });

  it('lets no shared cache keep a file, and browsers only minutes, whatever the upstream says', async () => {
    const { proxy } = await fixtures.start((_, res) => {
      res.writeHead(200, {
        'content-type': 'image/png',
        'cache-control': 'public, max-age=31536000, immutable',
        expires: 'Thu, 01 Jan 2099 00:00:00 GMT',
      });
      res.end('png');
    });
    const reply = await rawRequest(proxy.url, { path: '/api/files/storage/4/deleted-later.png' });
    // Hosting's CDN keeps nothing private, so a deleted file is gone for everyone within 5 min.
    expect(reply.headers['cache-control']).toBe('private, max-age=300');
    expect(reply.headers.expires).toBeUndefined();
  });

  it('keeps ranges and conditional answers', async () => {
    const { proxy, upstream } = await fixtures.start((seen, res) => {
      if (seen.headers['if-none-match'] === '"v1"') {
        res.writeHead(304, { etag: '"v1"', 'cache-control': 'public, max-age=86400' });
        res.end();
        return;
      }
      res.writeHead(206, {
        'content-type': 'video/mp4',
        'content-range': 'bytes 0-3/10',
        'accept-ranges': 'bytes',
        'cache-control': 'public, max-age=86400',
      });
      res.end('abcd');
    });
    const partial = await rawRequest(proxy.url, {
      path: '/api/files/storage/9/clip.mp4',
      headers: { range: 'bytes=0-3' },
    });
    expect(partial.status).toBe(206);
    expect(partial.text).toBe('abcd');
    expect(partial.headers['content-range']).toBe('bytes 0-3/10');
    expect(upstream.seen[0]?.headers.range).toBe('bytes=0-3');
    const cached = await rawRequest(proxy.url, {
      path: '/api/files/storage/9/clip.mp4',
      headers: { 'if-none-match': '"v1"' },
    });
    expect(cached.status).toBe(304);
  });

  it('serves types that could run as our site (HTML, SVG) as downloads', async () => {
    const { proxy } = await fixtures.start((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<script>alert(1)</script>');
    });
    const reply = await rawRequest(proxy.url, { path: '/api/files/storage/1/page.html' });
    expect(reply.headers['content-disposition']).toBe('attachment');
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves PDFs as downloads: a PDF viewer does not open sandboxed, and its scripts would run', async () => {
    const { proxy } = await fixtures.start((_, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7');
    });
    const reply = await rawRequest(proxy.url, { path: '/api/files/storage/1/invoice.pdf' });
    expect(reply.headers['content-disposition']).toBe('attachment');
  });

  it.each([
    ['/api/files/.env'],
    ['/api/files/%2eenv'],
    ['/api/files/api/admin/user'],
    ['/api/files/index.php'],
    ['/api/files/storage'],
  ])('answers %s with 404 in the envelope without calling the upstream', async (path) => {
    const { proxy, upstream } = await fixtures.start((_, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('APP_KEY=secret');
    });
    const reply = await rawRequest(proxy.url, { path });
    expect(reply.status).toBe(404);
    expect(reply.json()).toEqual({
      metadata: { success: 0, message: 'This file is not available.' },
      payload: null,
    });
    expect(upstream.seen).toHaveLength(0);
  });

  it('answers a missing file in the envelope with its status, and refuses other methods', async () => {
    const { proxy } = await fixtures.start((_, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not Found</h1>');
    });
    const missing = await rawRequest(proxy.url, { path: '/api/files/storage/1/gone.png' });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({
      metadata: { success: 0, message: 'This file is not available.' },
      payload: null,
    });
    const post = await rawRequest(proxy.url, {
      method: 'POST',
      path: '/api/files/storage/1/x.png',
    });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('fetches files from the upstream origin root even when the API lives under a path', async () => {
    const { proxy, upstream } = await fixtures.start(
      (_, res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.end('jpeg');
      },
      { basePath: '/v2/api' },
    );
    await rawRequest(proxy.url, { path: '/api/files/storage/2/a.jpg' });
    await rawRequest(proxy.url, { path: '/api/admin/user' });
    expect(upstream.seen.map((seen) => seen.url)).toEqual([
      '/storage/2/a.jpg',
      '/v2/api/admin/user',
    ]);
  });
});
