import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../dev/logger.ts';
import { FCM_BATCH_SIZE } from '../../functions/src/handlers/push/index.ts';
import { forkChild } from '../support/child.ts';
import { atMost, measured, under, type Figure } from '../support/report.ts';
import type { Suite } from '../support/suite.ts';
import { pushResultSchema, type PushResult } from './push-child.ts';

const SECTION = 'Push fan-out';
const TOKENS = 100_000;
const MIB = 1024 * 1024;

const specs = {
  time: {
    id: 'push.time',
    section: SECTION,
    label: `${TOKENS.toLocaleString('en-US')} device tokens, total time`,
    unit: 'ms',
    budget: under(10_000),
  },
  calls: {
    id: 'push.calls',
    section: SECTION,
    label: 'sendEach calls made',
    unit: 'count',
  },
  largest: {
    id: 'push.largest-call',
    section: SECTION,
    label: 'largest sendEach call, tokens',
    unit: 'count',
    budget: atMost(FCM_BATCH_SIZE),
  },
  rss: {
    id: 'push.rss',
    section: SECTION,
    label: 'RSS rise during the fan-out',
    unit: 'MiB',
    budget: under(100),
  },
  heap: {
    id: 'push.heap',
    section: SECTION,
    label: 'JS heap rise during the fan-out',
    unit: 'MiB',
  },
} as const;

/** An alert to everyone over 100 000 device tokens, each run in a fresh process. */
async function measurePush(options: {
  workDir: string;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  fs.mkdirSync(options.workDir, { recursive: true });
  const results: PushResult[] = [];
  for (let run = 0; run < options.runs; run++) {
    const child = forkChild(path.join(import.meta.dirname, 'push-child.ts'), pushResultSchema, {
      logFile: path.join(options.workDir, 'push.log'),
      execArgv: ['--expose-gc'],
    });
    try {
      child.send({ type: 'run', tokens: TOKENS, tokensPerUser: 2, deadEvery: 20 });
      const result = await child.next();
      if (result.sent + result.failed !== TOKENS) {
        throw new Error(`${result.sent} sent + ${result.failed} failed of ${TOKENS} tokens`);
      }
      results.push(result);
      options.log.info(
        `push run ${run + 1}: ${Math.round(result.ms)} ms, ${result.calls} calls, RSS +${((result.peak.rss - result.before.rss) / MIB).toFixed(1)} MiB`,
      );
    } finally {
      await child.stop();
    }
  }
  const last = results.at(-1);
  return [
    measured(
      specs.time,
      results.map((r) => r.ms),
      {
        note: `sendAlert (target all) → sendToRecipients (batches of ${FCM_BATCH_SIZE}, 4 in flight) → the recording sender, over a database that answers at once and keeps nothing; ${last?.sent} sent, ${last?.failed} reported unregistered and ${last?.pruned} pruned; FCM's own round trips are not in it: with 4 batches in flight, the time in production is about 50 × one sendEach of 500`,
      },
    ),
    measured(
      specs.calls,
      results.map((r) => r.calls),
    ),
    measured(
      specs.largest,
      results.map((r) => r.largestCall),
    ),
    measured(
      specs.rss,
      results.map((r) => (r.peak.rss - r.before.rss) / MIB),
      { note: 'peak minus the RSS after a GC just before, sampled every 5 ms and at every call' },
    ),
    measured(
      specs.heap,
      results.map((r) => (r.peak.heapUsed - r.before.heapUsed) / MIB),
    ),
  ];
}

export const pushSuite: Suite = {
  id: 'push',
  figures: Object.values(specs),
  stack: 'processes',
  measure: ({ workDir, log }) => {
    log.info('push fan-out: 100 000 tokens, 5 runs…');
    return measurePush({ workDir: path.join(workDir, 'push'), runs: 5, log });
  },
};
