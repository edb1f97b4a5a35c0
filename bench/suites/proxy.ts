import fs from 'node:fs';
import { Agent } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SEED_ADMIN } from '../../dev/api/index.ts';
import type { Logger } from '../../dev/logger.ts';
import { chatUploadSchema } from '../../functions/src/contracts/index.ts';
import { forkChild, type Memory } from '../support/child.ts';
import { httpRequest, payloadOf, startApiProcess, upstreamLogin } from '../support/http.ts';
import { openLoop } from '../support/open-loop.ts';
import { measured, notMeasured, under, type Figure, type FigureSpec } from '../support/report.ts';
import { median, percentile } from '../support/stats.ts';
import { storedZip } from '../support/zip.ts';
import { proxyReplySchema, type ProxyCommand } from './proxy-protocol.ts';

const SECTION = 'Proxy';
const RATE = 200;
const ROUND_MS = 10_000;
const WARMUP_MS = 1_000;
/** 30 MB, under the API's 30 MiB per-file limit. */
export const UPLOAD_BYTES = 30_000_000;
const MIB = 1024 * 1024;
const LATENCY_PATH = '/admin/fuel-price-types';

export interface ProxyBenchOptions {
  workDir: string;
  rounds: number;
  uploads: number;
  log: Logger;
}

const spec = (
  id: string,
  label: string,
  unit: FigureSpec['unit'],
  budget?: FigureSpec['budget'],
) => ({
  id: `proxy.${id}`,
  section: SECTION,
  label,
  unit,
  ...(budget ? { budget } : {}),
});

/**
 * Item 5: the `api` handler in a plain Node server (its own process) in front of the reference
 * API (its own process), against the API called directly, in the same run.
 */
export async function measureProxy(options: ProxyBenchOptions): Promise<Figure[]> {
  const specs = {
    addedP50: spec(
      'added-p50',
      `added latency p50 at ${RATE} req/s (GET ${LATENCY_PATH})`,
      'ms',
      under(2),
    ),
    addedP99: spec('added-p99', `added latency p99 at ${RATE} req/s`, 'ms', under(10)),
    directP50: spec('direct-p50', 'API called directly, p50', 'ms'),
    directP99: spec('direct-p99', 'API called directly, p99', 'ms'),
    proxiedP50: spec('proxied-p50', 'through the proxy, p50', 'ms'),
    proxiedP99: spec('proxied-p99', 'through the proxy, p99', 'ms'),
    rss: spec(
      'upload-rss',
      `proxy RSS rise while a ${UPLOAD_BYTES / 1e6} MB upload passes (POST /api/chats)`,
      'MiB',
      under(UPLOAD_BYTES / MIB),
    ),
    heap: spec('upload-heap', 'proxy JS heap rise during that upload', 'MiB'),
  };
  fs.mkdirSync(options.workDir, { recursive: true });
  const api = await startApiProcess({
    dataDir: path.join(options.workDir, 'api'),
    logFile: path.join(options.workDir, 'api.log'),
  }).catch((error: unknown) => error as Error);
  if (api instanceof Error) {
    return Object.values(specs).map((s) => notMeasured(s, api.message));
  }
  const proxy = forkChild(path.join(import.meta.dirname, 'proxy-child.ts'), proxyReplySchema, {
    logFile: path.join(options.workDir, 'proxy.log'),
    execArgv: ['--expose-gc'],
  });
  const command = (c: ProxyCommand) => proxy.send(c);
  try {
    command({ type: 'start', upstreamUrl: api.url });
    const listening = await proxy.next();
    if (listening.type !== 'listening') throw new Error(`proxy said ${listening.type}`);
    const proxyUrl = `http://127.0.0.1:${listening.port}/api`;
    const token = await upstreamLogin(api.url, SEED_ADMIN);

    const latency = await latencyRounds(api.url, proxyUrl, token, options);
    const upload = await uploadRounds(proxyUrl, api.url, token, options, async (type) => {
      command({ type });
      const answer = await proxy.next();
      if (answer.type === 'listening') throw new Error('unexpected reply from the proxy');
      return answer.memory;
    });
    const rounds = `${options.rounds} rounds of ${ROUND_MS / 1000} s each way, alternating, ${latency.requests} requests per side, ${latency.failures} failed; latest send ${latency.maxLagMs.toFixed(1)} ms behind schedule`;
    return [
      measured(specs.addedP50, latency.addedP50, {
        baseline: { label: 'direct p50', value: median(latency.directP50) },
        note: `proxied p50 minus direct p50, per round; ${rounds}`,
      }),
      measured(specs.addedP99, latency.addedP99, {
        note: 'proxied p99 minus direct p99, per round',
      }),
      measured(specs.directP50, latency.directP50),
      measured(specs.directP99, latency.directP99),
      measured(specs.proxiedP50, latency.proxiedP50, {
        baseline: { label: 'direct', value: median(latency.directP50) },
      }),
      measured(specs.proxiedP99, latency.proxiedP99, {
        baseline: { label: 'direct', value: median(latency.directP99) },
      }),
      measured(specs.rss, upload.rss, {
        note: `peak minus the RSS after a GC just before, sampled every 5 ms in the proxy's process; ${upload.detail}`,
      }),
      measured(specs.heap, upload.heap),
    ];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return Object.values(specs).map((s) => notMeasured(s, reason));
  } finally {
    await proxy.stop();
    await api.stop();
  }
}

async function latencyRounds(
  directUrl: string,
  proxyUrl: string,
  token: string,
  options: ProxyBenchOptions,
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

async function uploadRounds(
  proxyUrl: string,
  apiUrl: string,
  token: string,
  options: ProxyBenchOptions,
  memory: (type: 'reset' | 'peak') => Promise<Memory>,
) {
  const zipFile = path.join(options.workDir, 'upload.zip');
  fs.writeFileSync(zipFile, storedZip(UPLOAD_BYTES));
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const rss: number[] = [];
  const heap: number[] = [];
  const buffers: number[] = [];
  const seconds: number[] = [];
  for (let run = 0; run < options.uploads; run++) {
    const before = await memory('reset');
    const started = performance.now();
    const body = Readable.from(
      (async function* () {
        yield head;
        yield* fs.createReadStream(zipFile, { highWaterMark: 256 * 1024 });
        yield tail;
      })(),
    );
    const reply = await httpRequest(`${proxyUrl}/chats`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + UPLOAD_BYTES + tail.length),
      },
      body,
    });
    seconds.push((performance.now() - started) / 1000);
    const peak = await memory('peak');
    const uploaded = payloadOf(reply, chatUploadSchema);
    if (uploaded.file.size !== UPLOAD_BYTES) {
      throw new Error(`the API stored ${uploaded.file.size} bytes of ${UPLOAD_BYTES}`);
    }
    rss.push((peak.rss - before.rss) / MIB);
    heap.push((peak.heapUsed - before.heapUsed) / MIB);
    buffers.push((peak.arrayBuffers - before.arrayBuffers) / MIB);
    options.log.info(`upload ${run + 1}: RSS +${((peak.rss - before.rss) / MIB).toFixed(1)} MiB`);
    await httpRequest(`${apiUrl}/chats/${uploaded.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
  fs.rmSync(zipFile, { force: true });
  const mean = seconds.reduce((a, b) => a + b, 0) / seconds.length;
  return {
    rss,
    heap,
    detail: `${options.uploads} uploads of a stored .zip, ${mean.toFixed(1)} s each on average, each accepted by the API with its full size; Buffer memory (arrayBuffers) peak rise ${median(buffers).toFixed(1)} MiB`,
  };
}
