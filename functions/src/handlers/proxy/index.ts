// What the rest of the functions may use of this flow.
export { handleProxyRequest } from './router.js';
export { PROXY_LIMITS } from './types.js';
export type { ProxyDeps, ProxyRequest } from './types.js';
export { parseRequestTarget } from './request-target.js';
