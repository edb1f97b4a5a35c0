import type { ReplyBody } from '../../contracts/index.js';
import { exchangeLogin } from '../session/index.js';
import {
  API_REPLY_HEADERS,
  API_REQUEST_HEADERS,
  clientAddressOf,
  replyHeaders,
  upstreamRequestHeaders,
  failureReply,
  isJson,
  MESSAGES,
  NO_STORE,
  type ProxyReply,
  callUpstream,
  type RequestBody,
} from '../upstream/index.js';
import {
  applyMirrorAction,
  isMirrorRoute,
  mirrorActionFor,
  type MirrorRequest,
} from '../mirror/index.js';
import { upstreamUrlFor } from './request-target.js';
import { rewriteFileUrls } from './rewrite-urls.js';
import { mirrorDepsOf } from './own-calls.js';
import { bytesReply, limitsOf, single, upstreamFailure } from './failures.js';
import { fileBasesOf, type ProxyDeps, type ProxyRequest, type TargetOf } from './types.js';

export type ApiTarget = TargetOf<'api'>;

/**
 * A body still arriving, read into memory when it is small enough to be a JSON or form body;
 * a larger one is passed on as it comes, the part already read first.
 */
export async function bufferBody(body: RequestBody, maxBytes: number): Promise<RequestBody> {
  if (body.kind !== 'stream' || (body.length ?? 0) > maxBytes) return body;
  const iterator = body.stream[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { kind: 'bytes', bytes: Buffer.concat(chunks) };
    chunks.push(next.value);
    size += next.value.length;
    if (size > maxBytes) {
      const stream = (async function* () {
        yield* chunks;
        for (let rest = await iterator.next(); !rest.done; rest = await iterator.next()) {
          yield rest.value;
        }
      })();
      return { ...body, stream };
    }
  }
}

/**
 * An API call passed on; `body` is what the reply held: its JSON when it was JSON and read
 * (`parse` asks for that), nothing, or something else. `acted` is the method a POST acts on,
 * pinned for the upstream in `X-HTTP-Method-Override`, which Laravel reads first.
 */
export async function forwardApi(
  target: ApiTarget,
  method: string,
  request: ProxyRequest,
  deps: ProxyDeps,
  parse: boolean,
  acted?: string,
): Promise<{ reply: ProxyReply; body: ReplyBody }> {
  const url = upstreamUrlFor(deps.upstreamUrl, target.path, target.search);
  if (url === null) return { reply: failureReply(400, MESSAGES.badPath), body: OTHER };
  const outcome = await callUpstream(
    {
      url,
      method,
      headers: upstreamRequestHeaders(request.headers, API_REQUEST_HEADERS, {
        contentLength: request.body.kind === 'stream' ? request.body.length : undefined,
        clientAddress: clientAddressOf(
          request.headers['x-forwarded-for'],
          request.remoteAddress,
          deps.behindGoogleFrontEnd ?? false,
        ),
        methodOverride: acted,
      }),
      body: request.body,
    },
    limitsOf(deps, request.signal),
  );
  if (outcome.kind !== 'response') {
    return { reply: upstreamFailure(outcome, url, deps), body: OTHER };
  }
  const { response } = outcome;
  const headers = {
    ...replyHeaders(response.headers, API_REPLY_HEADERS),
    'cache-control': NO_STORE,
  };
  const isLogin = isLoginCall(method, target);
  const isSuccess = response.status >= 200 && response.status < 300;
  const mirrorRequest: MirrorRequest = {
    method: acted ?? method,
    segments: target.segments,
    search: target.search,
    authorization: single(request.headers.authorization),
  };
  // The user mirror follows what the reply says was done (a delete may answer 204).
  const withMirror = (reply: ProxyReply, body: ReplyBody) => {
    const action = deps.mirror && mirrorActionFor(mirrorRequest, reply.status, body);
    if (!action || !deps.mirror) return { reply, body };
    const mirrorDeps = mirrorDepsOf(deps.mirror, deps);
    return { reply: { ...reply, afterSend: () => applyMirrorAction(action, mirrorDeps) }, body };
  };

  // A sign-in reply is always read: a success we cannot read must not pass its token on.
  const readWhole = isJson(response.headers.get('content-type')) || (isLogin && isSuccess);
  if (response.body === null || !readWhole) {
    outcome.settle();
    const empty = response.body === null || response.headers.get('content-length') === '0';
    return withMirror(
      { status: response.status, headers, body: response.body },
      empty ? EMPTY : OTHER,
    );
  }

  const read = await outcome.readAll(deps.maxJsonReplyBytes);
  if (read.kind !== 'body') return { reply: upstreamFailure(read, url, deps), body: OTHER };
  const { bytes } = read;
  const passOn = (body: ReplyBody) => withMirror(bytesReply(response.status, headers, bytes), body);

  const watched = parse || isLogin || (deps.mirror !== undefined && isMirrorRoute(mirrorRequest));
  // Most replies hold no upstream URL and feed nothing: pass them on without parsing.
  const bases = fileBasesOf(deps);
  if (!watched && !bases.some((base) => bytes.includes(base.host))) return passOn(OTHER);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    if (isLogin && isSuccess) {
      return { reply: failureReply(502, MESSAGES.badUpstreamReply), body: OTHER };
    }
    return passOn(bytes.length === 0 ? EMPTY : OTHER);
  }

  let status = response.status;
  if (isLogin) ({ status, json } = await exchangeLogin({ status, json }, deps));
  const rewritten = rewriteFileUrls(json, bases);
  if (!isLogin && rewritten === 0) return passOn({ kind: 'json', json });
  return withMirror(bytesReply(status, headers, Buffer.from(JSON.stringify(json))), {
    kind: 'json',
    json,
  });
}

const EMPTY: ReplyBody = { kind: 'empty' };
const OTHER: ReplyBody = { kind: 'other' };

export const isLoginCall = (method: string, target: ApiTarget) =>
  method === 'POST' && target.segments.join('/') === 'login';
