import fs from 'node:fs';
import { Agent } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { SEED_ADMIN } from '../../dev/api/index.ts';
import type { Logger } from '../../dev/logger.ts';
import { z } from 'zod';
import { API_INSTANCE, memoryBytes } from '../../functions/src/http/api-instance.ts';
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
/** 30 MB, under the API's 30 MiB per-file limit: the largest file an upload carries. */
export const UPLOAD_BYTES = 30_000_000;
const MIB = 1024 * 1024;
const AT_ONCE = API_INSTANCE.concurrency;
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
    atOnce: spec(
      'uploads-at-once-rss',
      `proxy peak RSS while ${AT_ONCE} uploads of ${UPLOAD_BYTES / 1e6} MB pass at once, each body read whole first as Cloud Functions does (POST /api/chats)`,
      'MiB',
      under(memoryBytes(API_INSTANCE.memory) / MIB),
    ),
    rss: spec(
      'upload-rss',
      `proxy RSS rise while one ${UPLOAD_BYTES / 1e6} MB upload streams through (plain Node server)`,
      'MiB',
    ),
    heap: spec('upload-heap', 'proxy JS heap rise during that upload', 'MiB'),
    liveRss: spec('upload-live-rss', 'proxy RSS rise during that upload, GC every 20 ms', 'MiB'),
  };
  fs.mkdirSync(options.workDir, { recursive: true });
  const api = await startApiProcess({
    dataDir: path.join(options.workDir, 'api'),
    logFile: path.join(options.workDir, 'api.log'),
  }).catch((error: unknown) => error as Error);
  if (api instanceof Error) {
    return Object.values(specs).map((s) => notMeasured(s, api.message));
  }
  let latencyProxy: RunningProxy | null = null;
  try {
    const token = await upstreamLogin(api.url, SEED_ADMIN);
    latencyProxy = await startProxy(api.url, options.workDir);
    const latency = await latencyRounds(api.url, latencyProxy.url, token, options);
    await latencyProxy.stop();
    latencyProxy = null;
    const upload = await uploadRounds(api.url, token, options);
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
      measured(specs.atOnce, upload.atOnce, {
        note: `budget: the api function's memory (${API_INSTANCE.memory}) at its concurrency (${AT_ONCE}); peak RSS sampled every 5 ms in the proxy's own process, a fresh one per round, ${upload.atOnceDetail}`,
      }),
      measured(specs.rss, upload.rss, {
        note: `peak minus the RSS after a GC just before, sampled every 5 ms in the proxy's own process, a fresh one per upload; ${upload.detail}`,
      }),
      measured(specs.heap, upload.heap),
      measured(specs.liveRss, upload.liveRss, {
        note: 'the same uploads with the proxy collecting garbage every 20 ms: what the stream holds, without the chunks V8 has not collected yet',
      }),
    ];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return Object.values(specs).map((s) => notMeasured(s, reason));
  } finally {
    await latencyProxy?.stop();
    await api.stop();
  }
}

interface RunningProxy {
  url: string;
  memory(type: 'reset' | 'peak'): Promise<Memory>;
  stop(): Promise<void>;
}

/** The proxy in a process of its own, listening; its memory meter over IPC. */
async function startProxy(
  upstreamUrl: string,
  workDir: string,
  how: { gcEveryMs?: number; wholeBodies?: boolean } = {},
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

interface UploadSample {
  rss: number;
  heap: number;
  buffers: number;
  seconds: number;
}

/** A stored .zip of UPLOAD_BYTES, as multipart, streamed from disk. */
function uploadBody(zipFile: string) {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + UPLOAD_BYTES + tail.length,
    stream: () =>
      Readable.from(
        (async function* () {
          yield head;
          yield* fs.createReadStream(zipFile, { highWaterMark: 256 * 1024 });
          yield tail;
        })(),
      ),
  };
}

/** The reference API's upload reply, which also says the stored size. */
const storedUploadSchema = z.object({ id: z.number(), file: z.object({ size: z.number() }) });

/** One upload through the proxy at `proxyUrl`, checked stored at full size, then deleted. */
async function sendUpload(proxyUrl: string, apiUrl: string, token: string, zipFile: string) {
  const body = uploadBody(zipFile);
  const reply = await httpRequest(`${proxyUrl}/chats`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': body.contentType,
      'content-length': String(body.length),
    },
    body: body.stream(),
  });
  const uploaded = payloadOf(reply, storedUploadSchema);
  if (uploaded.file.size !== UPLOAD_BYTES) {
    throw new Error(`the API stored ${uploaded.file.size} bytes of ${UPLOAD_BYTES}`);
  }
  await httpRequest(`${apiUrl}/chats/${uploaded.id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * A fresh proxy process, warmed by one small request, so every rise starts from the same
 * baseline (a process that already moved 30 MB keeps some of those pages).
 */
async function warmProxy(
  apiUrl: string,
  token: string,
  options: ProxyBenchOptions,
  how: Parameters<typeof startProxy>[2],
): Promise<RunningProxy> {
  const proxy = await startProxy(apiUrl, options.workDir, how);
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

/** One upload streamed through a fresh proxy process: how far its memory rises. */
async function oneUpload(
  apiUrl: string,
  token: string,
  zipFile: string,
  options: ProxyBenchOptions,
  gcEveryMs?: number,
): Promise<UploadSample> {
  const proxy = await warmProxy(apiUrl, token, options, gcEveryMs ? { gcEveryMs } : {});
  try {
    const before = await proxy.memory('reset');
    const started = performance.now();
    await sendUpload(proxy.url, apiUrl, token, zipFile);
    const seconds = (performance.now() - started) / 1000;
    const peak = await proxy.memory('peak');
    return {
      rss: (peak.rss - before.rss) / MIB,
      heap: (peak.heapUsed - before.heapUsed) / MIB,
      buffers: (peak.arrayBuffers - before.arrayBuffers) / MIB,
      seconds,
    };
  } finally {
    await proxy.stop();
  }
}

/**
 * As many uploads as one instance of the function serves at once, through a fresh proxy that
 * reads each body whole before handling it: the proxy's peak RSS and its RSS before, in MiB.
 */
async function uploadsAtOnce(
  apiUrl: string,
  token: string,
  zipFile: string,
  options: ProxyBenchOptions,
): Promise<{ peak: number; before: number; seconds: number }> {
  const proxy = await warmProxy(apiUrl, token, options, { wholeBodies: true });
  try {
    const before = await proxy.memory('reset');
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, () => sendUpload(proxy.url, apiUrl, token, zipFile)),
    );
    const seconds = (performance.now() - started) / 1000;
    const peak = await proxy.memory('peak');
    return { peak: peak.rss / MIB, before: before.rss / MIB, seconds };
  } finally {
    await proxy.stop();
  }
}

/**
 * Uploads at once as the function takes them, then one at a time streamed (GC when V8 decides),
 * then the same with a GC every 20 ms.
 */
async function uploadRounds(apiUrl: string, token: string, options: ProxyBenchOptions) {
  const zipFile = path.join(options.workDir, 'upload.zip');
  fs.writeFileSync(zipFile, storedZip(UPLOAD_BYTES));
  const atOnce: { peak: number; before: number; seconds: number }[] = [];
  const plain: UploadSample[] = [];
  const live: UploadSample[] = [];
  try {
    for (let run = 0; run < options.uploads; run++) {
      atOnce.push(await uploadsAtOnce(apiUrl, token, zipFile, options));
      plain.push(await oneUpload(apiUrl, token, zipFile, options));
      live.push(await oneUpload(apiUrl, token, zipFile, options, 20));
      options.log.info(
        `upload round ${run + 1}: ${AT_ONCE} at once, peak RSS ${atOnce.at(-1)?.peak.toFixed(1)} MiB; one streamed, RSS +${plain.at(-1)?.rss.toFixed(1)} MiB; with a GC every 20 ms +${live.at(-1)?.rss.toFixed(1)} MiB`,
      );
    }
  } finally {
    fs.rmSync(zipFile, { force: true });
  }
  const mean = plain.reduce((a, b) => a + b.seconds, 0) / plain.length;
  const meanAtOnce = atOnce.reduce((a, b) => a + b.seconds, 0) / atOnce.length;
  return {
    atOnce: atOnce.map((u) => u.peak),
    atOnceDetail: `${median(atOnce.map((u) => u.before)).toFixed(1)} MiB after a GC before the uploads (a plain Node server: the function's own baseline is larger, functions/README.md "Memory"); ${options.uploads} rounds, ${meanAtOnce.toFixed(1)} s each on average, every upload stored by the API at full size`,
    rss: plain.map((u) => u.rss),
    heap: plain.map((u) => u.heap),
    liveRss: live.map((u) => u.rss),
    detail: `${options.uploads} uploads of a stored .zip, ${mean.toFixed(1)} s each on average, each stored by the API at full size; Buffer memory (arrayBuffers) peak rise ${median(plain.map((u) => u.buffers)).toFixed(1)} MiB, heap ${median(plain.map((u) => u.heap)).toFixed(1)} MiB`,
  };
}
