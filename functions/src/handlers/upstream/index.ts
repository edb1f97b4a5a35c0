// What the rest of the functions may use of this flow.
export {
  API_REPLY_HEADERS,
  API_REQUEST_HEADERS,
  FILE_REPLY_HEADERS,
  FILE_REQUEST_HEADERS,
  clientAddressOf,
  replyHeaders,
  upstreamRequestHeaders,
} from './headers.js';
export { MESSAGES, NO_STORE, failureReply, isJson, jsonReply, withSafetyHeaders } from './reply.js';
export type { ProxyReply } from './reply.js';
export { callUpstream, declaredTooLarge } from './upstream.js';
export type {
  RequestBody,
  UpstreamFailure,
  UpstreamFetch,
  UpstreamInit,
  UpstreamLimits,
} from './upstream.js';
export { actedMethod } from './method.js';
export { parseUpstreamSecret, withUpstreamSecret } from './upstream-secret.js';
