import {
  Agent as HttpAgent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UpstreamFetch, UpstreamInit } from '../handlers/upstream/index.js';

/** Statuses whose replies never carry a body (a Response refuses one for them). */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * The upstream client on node:http(s), in fetch's shape. Not the global fetch: Node 20's fetch
 * clones every request to be able to replay it on a redirect, so the clone holds an entire
 * streamed upload in memory; node:http streams it with backpressure. It also never follows a
 * redirect and never decodes a compressed body, as the proxy requires of its client. Keep-alive
 * agents are shared by the calls of one client.
 */
export function createUpstreamClient(): UpstreamFetch {
  const agents = {
    http: new HttpAgent({ keepAlive: true }),
    https: new HttpsAgent({ keepAlive: true }),
  };
  const attempt = (url: URL, init: UpstreamInit) =>
    new Promise<Response>((resolve, reject) => {
      const secure = url.protocol === 'https:';
      const send = secure ? httpsRequest : httpRequest;
      const req = send(url, {
        method: init.method,
        headers: Object.fromEntries(init.headers),
        agent: secure ? agents.https : agents.http,
        signal: init.signal,
      });
      req.on('error', (error) => reject(staleSocket(req, error) ? new StaleSocket(error) : error));
      req.on('response', (res) => {
        try {
          resolve(toResponse(res, init.method));
        } catch (error) {
          res.destroy();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      writeBody(req, init.body);
    });
  return async (url, init) => {
    try {
      return await attempt(url, init);
    } catch (error) {
      // A kept-alive connection the upstream closed just as it was reused: the request never
      // reached it. A read is sent again, once, on a fresh connection; a change is not, as a
      // request that did arrive must not be made twice.
      if (!(error instanceof StaleSocket)) throw error;
      if (!REPLAYABLE.has(init.method) || init.signal?.aborted) throw error.cause;
      return attempt(url, init).catch((again: unknown) => {
        throw again instanceof StaleSocket ? again.cause : again;
      });
    }
  };
}

/** Methods that change nothing, and so may be sent again. */
const REPLAYABLE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request that failed on a kept-alive connection the upstream had closed. */
class StaleSocket extends Error {
  constructor(override readonly cause: Error) {
    super(cause.message);
  }
}

const staleSocket = (req: ClientRequest, error: Error) =>
  req.reusedSocket && 'code' in error && (error.code === 'ECONNRESET' || error.code === 'EPIPE');

function writeBody(req: ReturnType<typeof httpRequest>, body: UpstreamInit['body']) {
  if (body === undefined || body instanceof Uint8Array) {
    req.end(body);
    return;
  }
  // A failing body (over the size limit, the client gone) aborts the request with its error.
  pipeline(Readable.from(body, { objectMode: false }), req).catch((error: unknown) =>
    req.destroy(error instanceof Error ? error : new Error(String(error))),
  );
}

function toResponse(res: IncomingMessage, method: string): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    headers.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
  }
  const status = res.statusCode ?? 502;
  const hasBody = method !== 'HEAD' && !NULL_BODY_STATUSES.has(status);
  if (!hasBody) res.resume();
  return new Response(hasBody ? (Readable.toWeb(res) as ReadableStream<Uint8Array>) : null, {
    status,
    statusText: res.statusMessage ?? '',
    headers,
  });
}
