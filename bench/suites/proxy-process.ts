import path from 'node:path';
import { forkChild, type Memory } from '../support/child.ts';
import { httpRequest } from '../support/http.ts';
import { proxyReplySchema, type ProxyCommand } from './proxy-protocol.ts';

/** What every latency request asks for, and what warms a fresh proxy. */
export const LATENCY_PATH = '/admin/fuel-price-types';

/** How the proxy process runs: a GC this often, bodies read whole first. */
export type ProxyHow = Pick<Extract<ProxyCommand, { type: 'start' }>, 'gcEveryMs' | 'wholeBodies'>;

export interface RunningProxy {
  url: string;
  memory(type: 'reset' | 'peak'): Promise<Memory>;
  stop(): Promise<void>;
}

/** The proxy in a process of its own, listening; its memory meter over IPC. */
export async function startProxy(
  upstreamUrl: string,
  workDir: string,
  how: ProxyHow = {},
): Promise<RunningProxy> {
  const child = forkChild(path.join(import.meta.dirname, 'proxy-child.ts'), proxyReplySchema, {
    logFile: path.join(workDir, 'proxy.log'),
    execArgv: ['--expose-gc'],
  });
  const command = (c: ProxyCommand) => child.send(c);
  try {
    command({ type: 'start', upstreamUrl, ...how });
    const listening = await child.next();
    if (listening.type !== 'listening') throw new Error(`the proxy said ${listening.type}`);
    return {
      url: `http://127.0.0.1:${listening.port}/api`,
      async memory(type) {
        command({ type });
        const answer = await child.next();
        if (answer.type !== type) throw new Error(`the proxy said ${answer.type} to ${type}`);
        return answer.memory;
      },
      stop: () => child.stop(),
    };
  } catch (error) {
    await child.stop();
    throw error;
  }
}

/**
 * A fresh proxy process, warmed by one small request, so every rise starts from the same
 * baseline (a process that already moved 30 MB keeps some of those pages).
 */
export async function warmProxy(
  apiUrl: string,
  token: string,
  workDir: string,
  how: ProxyHow,
): Promise<RunningProxy> {
  const proxy = await startProxy(apiUrl, workDir, how);
  try {
    const warm = await httpRequest(`${proxy.url}${LATENCY_PATH}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (warm.status !== 200) throw new Error(`the proxy answered HTTP ${warm.status}`);
    return proxy;
  } catch (error) {
    await proxy.stop();
    throw error;
  }
}
