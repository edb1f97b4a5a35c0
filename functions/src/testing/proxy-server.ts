import { createServer, type Server } from 'node:http';
import { DEFAULT_CAPABILITIES } from '../contracts/index.js';
import { DEFAULT_SESSION_LIFETIME_MS, randomSessionId } from '../handlers/session/index.js';
import { PROXY_LIMITS, type ProxyDeps } from '../handlers/proxy/index.js';
import { parseUpstreamUrl } from '../upstream-url.js';
import type { Logger } from '../handlers/ports.js';
import { MemoryDb } from './memory-db.js';
import { serveProxy, type IncomingRequest } from '../http/serve.js';
import { createUpstreamClient } from '../http/upstream-client.js';

export interface ProxyServerOptions extends Partial<Omit<ProxyDeps, 'upstreamUrl'>> {
  /** The upstream API base, like UPSTREAM_API_URL: e.g. http://127.0.0.1:5050/api. */
  upstreamUrl: string;
  /**
   * Read each body whole into `rawBody` before the handler runs, as Cloud Functions does, to
   * see that path's behaviour and memory; by default bodies stream.
   */
  wholeBodies?: boolean;
}

/**
 * The `api` function's handler in a plain Node HTTP server (the benchmark, the proxy tests).
 * Defaults: the node:http upstream client, the production limits, no user mirror, admin sessions
 * recorded in memory, and no custom-token minting (an admin is then signed in without a Firebase
 * session) nor ID-token checks (a sign-out is refused); pass `createCustomToken`, `mirror`,
 * `verifyIdToken` and `revokeRefreshTokens` to get them.
 * The caller listens and closes: `createProxyServer({ upstreamUrl }).listen(0)`.
 */
export function createProxyServer({ wholeBodies = false, ...options }: ProxyServerOptions): Server {
  const deps: ProxyDeps = {
    fetch: createUpstreamClient(),
    capabilities: DEFAULT_CAPABILITIES,
    timeoutMs: PROXY_LIMITS.timeoutMs,
    maxBodyBytes: PROXY_LIMITS.maxBodyBytes,
    maxJsonReplyBytes: PROXY_LIMITS.maxJsonReplyBytes,
    logger: stderrLogger,
    createCustomToken: () =>
      Promise.reject(new Error('createProxyServer: no createCustomToken given')),
    sessions: {
      db: new MemoryDb(),
      now: Date.now,
      newId: randomSessionId,
      lifetimeMs: DEFAULT_SESSION_LIFETIME_MS,
    },
    verifyIdToken: () => Promise.reject(new Error('createProxyServer: no verifyIdToken given')),
    revokeRefreshTokens: () =>
      Promise.reject(new Error('createProxyServer: no revokeRefreshTokens given')),
    ...options,
    upstreamUrl: parseUpstreamUrl(options.upstreamUrl),
  };
  if (!wholeBodies) return createServer((req, res) => void serveProxy(req, res, deps));
  return createServer((req: IncomingRequest, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      req.rawBody = Buffer.concat(chunks);
      void serveProxy(req, res, deps);
    });
  });
}

/** One JSON line per event on stderr, like Cloud Logging's structured entries. */
const stderrLogger: Logger = {
  info: (message, fields) => writeLine('INFO', message, fields),
  warn: (message, fields) => writeLine('WARNING', message, fields),
  error: (message, fields) => writeLine('ERROR', message, fields),
};

function writeLine(severity: string, message: string, fields: Record<string, unknown> = {}) {
  process.stderr.write(`${JSON.stringify({ severity, message, ...fields })}\n`);
}
