import { ADMIN_SESSION_HEADER } from '../../../contracts/index.js';
import { failureReply, type ProxyReply } from '../../upstream/index.js';
import { parseRequestTarget } from '../request-target.js';
import type { ProxyDeps, ProxyRequest } from '../types.js';
import { type ChangeOrigin, proxyApi } from './api.js';

/** A change the functions compose rather than the browser: a held call approved, a revert. */
export interface ComposedCall {
  method: string;
  /** Below the API's base URL, with its query: `/admin/groups/3?_method=PUT`. */
  path: string;
  contentType?: string | undefined;
  body?: Uint8Array | undefined;
}

/**
 * Sends a composed change as the admin whose request this is: with their upstream token and
 * session, through the audited path, during their request (no token is ever stored). Its
 * after-send work is done before the reply is handed back.
 */
export async function sendAsCaller(
  caller: ProxyRequest,
  call: ComposedCall,
  deps: ProxyDeps,
  how: ChangeOrigin,
): Promise<ProxyReply> {
  const url = `/api${call.path}`;
  const target = parseRequestTarget(url);
  if (target?.kind !== 'api') return failureReply(400, 'The change is no call to the API.');
  const { headers } = caller;
  const request: ProxyRequest = {
    method: call.method,
    url,
    headers: {
      authorization: headers.authorization,
      [ADMIN_SESSION_HEADER]: headers[ADMIN_SESSION_HEADER],
      'x-forwarded-for': headers['x-forwarded-for'],
      accept: 'application/json',
      ...(call.contentType === undefined ? {} : { 'content-type': call.contentType }),
    },
    body: call.body === undefined ? { kind: 'none' } : { kind: 'bytes', bytes: call.body },
    remoteAddress: caller.remoteAddress,
    signal: caller.signal,
  };
  const { afterSend, ...reply } = await proxyApi(
    target,
    { method: call.method, request, deps },
    how,
  );
  await afterSend?.();
  return reply;
}
