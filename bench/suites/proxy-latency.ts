import { Agent } from 'node:http';
import type { Logger } from '../../dev/logger.ts';
import { httpRequest } from '../support/http.ts';
import { openLoop } from '../support/open-loop.ts';
import { percentile } from '../support/stats.ts';
import { LATENCY_PATH } from './proxy-process.ts';

export const RATE = 200;
export const ROUND_MS = 10_000;
const WARMUP_MS = 1_000;

/**
 * `rounds` of open-loop GETs at RATE per second, directly and through the proxy, which side goes
 * first alternating: each round's p50 and p99 on both sides, and what the proxy added.
 */
export async function latencyRounds(
  directUrl: string,
  proxyUrl: string,
  token: string,
  options: { rounds: number; log: Logger },
) {
  const agents = {
    direct: new Agent({ keepAlive: true }),
    proxied: new Agent({ keepAlive: true }),
  };
  const get = (side: 'direct' | 'proxied') => {
    const url = `${side === 'direct' ? directUrl : proxyUrl}${LATENCY_PATH}`;
    return async () => {
      const reply = await httpRequest(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        agent: agents[side],
      });
      if (reply.status !== 200) throw new Error(`HTTP ${reply.status}`);
    };
  };
  const out = {
    directP50: [] as number[],
    directP99: [] as number[],
    proxiedP50: [] as number[],
    proxiedP99: [] as number[],
    addedP50: [] as number[],
    addedP99: [] as number[],
    requests: 0,
    failures: 0,
    maxLagMs: 0,
  };
  try {
    for (let round = 0; round < options.rounds; round++) {
      // Alternate which side goes first, so a machine getting busier favours neither.
      const order =
        round % 2 === 0 ? (['direct', 'proxied'] as const) : (['proxied', 'direct'] as const);
      const p: Record<string, { p50: number; p99: number }> = {};
      for (const side of order) {
        await openLoop({ rate: RATE, durationMs: WARMUP_MS, request: get(side) });
        const result = await openLoop({ rate: RATE, durationMs: ROUND_MS, request: get(side) });
        if (result.latencies.length === 0)
          throw new Error(`every ${side} request failed: ${result.failures[0]}`);
        out.failures += result.failures.length;
        out.requests = result.latencies.length + result.failures.length;
        out.maxLagMs = Math.max(out.maxLagMs, result.maxSendLagMs);
        p[side] = { p50: percentile(result.latencies, 50), p99: percentile(result.latencies, 99) };
      }
      const direct = p.direct as { p50: number; p99: number };
      const proxied = p.proxied as { p50: number; p99: number };
      out.directP50.push(direct.p50);
      out.directP99.push(direct.p99);
      out.proxiedP50.push(proxied.p50);
      out.proxiedP99.push(proxied.p99);
      out.addedP50.push(proxied.p50 - direct.p50);
      out.addedP99.push(proxied.p99 - direct.p99);
      options.log.info(
        `proxy round ${round + 1}: direct ${direct.p50.toFixed(2)}/${direct.p99.toFixed(2)} ms, proxied ${proxied.p50.toFixed(2)}/${proxied.p99.toFixed(2)} ms (p50/p99)`,
      );
    }
  } finally {
    agents.direct.destroy();
    agents.proxied.destroy();
  }
  return out;
}
