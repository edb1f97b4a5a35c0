/**
 * The proxy alone in its process (forked by proxy-process.ts, run with --expose-gc): the `api`
 * function's handler in a plain Node server, and a memory meter the parent reads over IPC.
 */
import type { AddressInfo } from 'node:net';
import { createProxyServer } from '../../functions/src/testing/proxy-server.ts';
import { createPeakMeter } from '../support/child.ts';
import { proxyCommandSchema, type ProxyReply } from './proxy-protocol.ts';

const meter = createPeakMeter(5);
const reply = (message: ProxyReply) => process.send?.(message);
const collectGarbage = typeof globalThis.gc === 'function' ? globalThis.gc : undefined;

process.on('message', (raw) => {
  const command = proxyCommandSchema.parse(raw);
  switch (command.type) {
    case 'start': {
      const server = createProxyServer({
        upstreamUrl: command.upstreamUrl,
        wholeBodies: command.wholeBodies ?? false,
      });
      server.keepAliveTimeout = 60_000;
      const gcEvery = command.gcEveryMs;
      const collector =
        gcEvery === undefined
          ? undefined
          : setInterval(() => {
              collectGarbage?.();
              meter.sample();
            }, gcEvery);
      server.listen(0, '127.0.0.1', () => {
        reply({ type: 'listening', port: (server.address() as AddressInfo).port });
      });
      process.once('SIGTERM', () => {
        meter.stop();
        clearInterval(collector);
        server.closeAllConnections();
        server.close(() => process.exit(0));
      });
      break;
    }
    case 'reset':
      collectGarbage?.();
      reply({ type: 'reset', memory: meter.reset() });
      break;
    case 'peak':
      reply({ type: 'peak', memory: meter.peak() });
      break;
  }
});
