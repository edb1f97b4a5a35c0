import fs from 'node:fs';
import path from 'node:path';
import { SEED_ADMIN } from '../../dev/api/index.ts';
import type { Logger } from '../../dev/logger.ts';
import { API_INSTANCE, memoryBytes } from '../../functions/src/http/api-instance.ts';
import { startApiProcess, upstreamLogin } from '../support/http.ts';
import { measured, under, type Figure, type FigureSpec } from '../support/report.ts';
import { median } from '../support/stats.ts';
import type { Suite } from '../support/suite.ts';
import { latencyRounds, RATE, ROUND_MS } from './proxy-latency.ts';
import { LATENCY_PATH, startProxy, type RunningProxy } from './proxy-process.ts';
import { AT_ONCE, UPLOAD_BYTES, uploadRounds } from './proxy-uploads.ts';

const SECTION = 'Proxy';
const MIB = 1024 * 1024;

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

/**
 * The `api` handler in a plain Node server (its own process) in front of the reference API (its
 * own process), against the API called directly, in the same run.
 */
async function measureProxy(options: {
  workDir: string;
  rounds: number;
  uploads: number;
  log: Logger;
}): Promise<Figure[]> {
  fs.mkdirSync(options.workDir, { recursive: true });
  const api = await startApiProcess({
    dataDir: path.join(options.workDir, 'api'),
    logFile: path.join(options.workDir, 'api.log'),
  });
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
  } finally {
    await latencyProxy?.stop();
    await api.stop();
  }
}

export const proxySuite: Suite = {
  id: 'proxy',
  figures: Object.values(specs),
  stack: 'processes',
  measure: ({ workDir, log }) => {
    log.info('proxy: latency at 200 req/s, 3 rounds each way; 3 rounds of 30 MB uploads…');
    return measureProxy({ workDir: path.join(workDir, 'proxy'), rounds: 3, uploads: 3, log });
  },
};
