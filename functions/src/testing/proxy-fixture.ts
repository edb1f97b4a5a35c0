import type { ServerResponse } from 'node:http';
import { createProxyServer, type ProxyServerOptions } from './proxy-server.js';
import { recordingLogger } from './recording-logger.js';
import { listen, startUpstream, type SeenRequest } from './servers.js';

/**
 * A stand-in upstream and the proxy in front of it, both on free ports. `closeAll` stops
 * every server a test started.
 */
export function proxyFixtures() {
  const closers: (() => Promise<void>)[] = [];

  async function start(
    respond: (seen: SeenRequest, res: ServerResponse) => void | Promise<void>,
    options: Partial<Omit<ProxyServerOptions, 'upstreamUrl'>> & { basePath?: string } = {},
  ) {
    const upstream = await startUpstream(respond);
    closers.push(upstream.close);
    const logger = recordingLogger();
    const { basePath = '/api', ...rest } = options;
    const proxy = await listen(
      createProxyServer({ upstreamUrl: `${upstream.url}${basePath}`, logger, ...rest }),
    );
    closers.push(proxy.close);
    return { upstream, proxy, logger };
  }

  async function closeAll() {
    await Promise.all(closers.splice(0).map((close) => close()));
  }

  return { start, closeAll, track: (close: () => Promise<void>) => closers.push(close) };
}
