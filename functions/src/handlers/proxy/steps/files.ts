import { upstreamFileUrl } from '../../../contracts/index.js';
import {
  FILE_REPLY_HEADERS,
  FILE_REQUEST_HEADERS,
  replyHeaders,
  upstreamRequestHeaders,
  failureReply,
  MESSAGES,
  type ProxyReply,
  callUpstream,
} from '../../upstream/index.js';
import { limitsOf, upstreamFailure } from '../failures.js';
import { fileBasesOf, type Call, type TargetOf } from '../types.js';

/**
 * Whatever the upstream says: a deleted upload (a chat file, an offer image) must stop being
 * served within minutes, and Hosting's CDN would keep serving a `public` one for as long as it
 * was told, to anyone with the link. Browsers keep it five minutes, then revalidate.
 */
const FILE_CACHE = 'private, max-age=300';
/**
 * Types a browser may show inline, sandboxed, from our origin. Anything else (HTML, SVG,
 * XML...) is served as a download: an uploaded page must never run as our site. PDFs too:
 * browsers' PDF viewers refuse to open in a sandbox, and outside one a PDF's scripts would.
 */
const INLINE_TYPE =
  /^(image\/(png|jpeg|gif|webp|avif)|video\/[\w.+-]+|audio\/[\w.+-]+|text\/plain)$/;

export async function proxyFile(
  target: TargetOf<'files'>,
  { method, request, deps }: Call,
): Promise<ProxyReply> {
  const url = upstreamFileUrl(`/api/files${target.path}${target.search}`, fileBasesOf(deps));
  if (url === null) return failureReply(404, MESSAGES.fileUnavailable);
  const outcome = await callUpstream(
    {
      url,
      method,
      headers: upstreamRequestHeaders(request.headers, FILE_REQUEST_HEADERS),
      body: { kind: 'none' },
    },
    limitsOf(deps, request.signal),
  );
  if (outcome.kind !== 'response') return upstreamFailure(outcome, url, deps);
  outcome.settle();
  const { response } = outcome;
  if (response.status >= 400) {
    await response.body?.cancel();
    return failureReply(response.status, MESSAGES.fileUnavailable);
  }
  const headers = replyHeaders(response.headers, FILE_REPLY_HEADERS);
  headers['cache-control'] = FILE_CACHE;
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (response.status !== 304 && !INLINE_TYPE.test(type)) {
    headers['content-disposition'] = 'attachment';
  }
  return { status: response.status, headers, body: response.body };
}

/** Under `/files`, but outside the folders uploads live in: nothing to fetch. */
export function noSuchFile(): ProxyReply {
  return failureReply(404, MESSAGES.fileUnavailable);
}
