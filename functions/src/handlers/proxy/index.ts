// What the rest of the functions may use of this flow.
export { PROXY_LIMITS, handleProxyRequest, parseUpstreamUrl } from './proxy.js';
export type { ProxyDeps, ProxyRequest } from './proxy.js';
export { parseRequestTarget } from './request-target.js';
