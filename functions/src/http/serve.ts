import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { handleProxyRequest, type ProxyDeps, type ProxyRequest } from '../handlers/proxy/index.js';
import {
  failureReply,
  withSafetyHeaders,
  type ProxyReply,
  type RequestBody,
} from '../handlers/upstream/index.js';

/**
 * Runs the proxy handler on a Node request/response pair: Cloud Functions' (an Express pair
 * whose body has already been read into `rawBody`) or a plain node:http server's (whose body is
 * still streaming).
 */

export type IncomingRequest = IncomingMessage & { rawBody?: Buffer };

export async function serveProxy(
  req: IncomingRequest,
  res: ServerResponse,
  deps: ProxyDeps,
): Promise<void> {
  const clientGone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) clientGone.abort();
  });
  let reply: ProxyReply;
  try {
    reply = await handleProxyRequest(toProxyRequest(req, clientGone.signal), deps);
  } catch (error) {
    deps.logger.error('The proxy failed on a request', { error: String(error) });
    reply = failureReply(500, 'Something went wrong. Please try again.');
  }
  if (clientGone.signal.aborted) {
    await cancel(reply.body);
    return;
  }
  try {
    // Here, where every reply passes, the proxy's own failures included.
    await writeReply(res, withSafetyHeaders(reply));
  } catch (error) {
    // The upstream or the client broke off a streamed reply: the status has been sent, so all
    // that is left is to end the connection.
    deps.logger.warn('A streamed reply was cut short', { error: String(error) });
    res.destroy();
    return;
  }
  // Only now, so the mirror never delays the reply.
  await reply.afterSend?.();
}

/**
 * The body as the handler wants it. Cloud Functions has read it already (`rawBody`); a plain
 * server still has it on the socket, to be streamed without ever holding it whole.
 */
function requestBodyOf(req: IncomingRequest): RequestBody {
  if (req.rawBody !== undefined) {
    return req.rawBody.length > 0 ? { kind: 'bytes', bytes: req.rawBody } : { kind: 'none' };
  }
  const declared = req.headers['content-length'];
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || (declared !== undefined && declared !== '0');
  if (!hasBody || req.readableEnded) return { kind: 'none' };
  return declared === undefined
    ? { kind: 'stream', stream: req }
    : { kind: 'stream', stream: req, length: Number(declared) };
}

function toProxyRequest(req: IncomingRequest, signal: AbortSignal): ProxyRequest {
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    headers: req.headers,
    body: requestBodyOf(req),
    remoteAddress: req.socket.remoteAddress,
    signal,
  };
}

async function writeReply(res: ServerResponse, reply: ProxyReply): Promise<void> {
  res.writeHead(reply.status, reply.headers);
  const { body } = reply;
  if (body === null || body instanceof Uint8Array) {
    await new Promise<void>((resolve) => res.end(body ?? undefined, resolve));
    return;
  }
  await pipeline(Readable.fromWeb(body), res);
}

async function cancel(body: ProxyReply['body']): Promise<void> {
  if (body !== null && !(body instanceof Uint8Array)) await body.cancel().catch(() => undefined);
}
