import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../dev/logger.ts';
import { FCM_BATCH_SIZE } from '../../functions/src/handlers/push.ts';
import { forkChild } from '../support/child.ts';
import { atMost, measured, notMeasured, under, type Figure } from '../support/report.ts';
import {
  pushResultSchema,
  queueResultSchema,
  type PushResult,
  type QueueResult,
} from './push-child.ts';

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

const QUEUE_SECTION = 'Push fan-out through the task queue';
const QUEUE_TOKENS = 1_000_000;
/** The PUSH_CHUNK_USERS parameter's default (functions/src/params.ts). */
const CHUNK_USERS = 10_000;
const QUEUE_RUNS = 3;

const queueSpecs = {
  time: {
    id: 'push.queue.time',
    section: QUEUE_SECTION,
    label: `${QUEUE_TOKENS.toLocaleString('en-US')} device tokens in chunks, total time`,
    unit: 'ms',
    budget: under(100_000),
  },
  chunks: {
    id: 'push.queue.chunks',
    section: QUEUE_SECTION,
    label: 'chunks (the trigger and the tasks it queued)',
    unit: 'count',
  },
  calls: {
    id: 'push.queue.calls',
    section: QUEUE_SECTION,
    label: 'sendEach calls made',
    unit: 'count',
  },
  largest: {
    id: 'push.queue.largest-call',
    section: QUEUE_SECTION,
    label: 'largest sendEach call, tokens',
    unit: 'count',
    budget: atMost(FCM_BATCH_SIZE),
  },
  rss: {
    id: 'push.queue.rss',
    section: QUEUE_SECTION,
    label: 'RSS rise during the fan-out',
    unit: 'MiB',
    // A chunk runs in an instance of 256 MiB (the default): half of it for the chunk, the rest
    // for Node, the Functions runtime and firebase-admin (72 MiB once loaded) and headroom.
    budget: under(128),
  },
} as const;

/**
 * An alert to everyone over 1 000 000 synthetic device tokens, sent in chunks through the task
 * queue's handler (push-child.ts, `fanOutThroughQueue`), each run in a fresh process.
 */
export async function measurePushThroughQueue(options: {
  workDir: string;
  log: Logger;
}): Promise<Figure[]> {
  fs.mkdirSync(options.workDir, { recursive: true });
  const results: QueueResult[] = [];
  try {
    for (let run = 0; run < QUEUE_RUNS; run++) {
      const child = forkChild(path.join(import.meta.dirname, 'push-child.ts'), queueResultSchema, {
        logFile: path.join(options.workDir, 'push-queue.log'),
        execArgv: ['--expose-gc'],
      });
      try {
        child.send({
          type: 'queue-run',
          tokens: QUEUE_TOKENS,
          tokensPerUser: 2,
          chunkUsers: CHUNK_USERS,
        });
        const result = await child.next(600_000);
        if (result.sent + result.failed !== QUEUE_TOKENS) {
          throw new Error(
            `${result.sent} sent + ${result.failed} failed of ${QUEUE_TOKENS} tokens`,
          );
        }
        results.push(result);
        options.log.info(
          `push through the queue, run ${run + 1}: ${Math.round(result.ms)} ms, ${result.chunks} chunks, ${result.calls} calls, RSS +${((result.peak.rss - result.before.rss) / MIB).toFixed(1)} MiB`,
        );
      } finally {
        await child.stop();
      }
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return Object.values(queueSpecs).map((spec) => notMeasured(spec, reason));
  }
  return [
    measured(
      queueSpecs.time,
      results.map((r) => r.ms),
      {
        note: `sendAlert (target all) sends the first ${CHUNK_USERS.toLocaleString('en-US')} users (2 devices each) and queues the next chunk; each queued chunk goes through JSON and sendAlertChunk as a new invocation, one after another, its claim, per-page progress and the delivery record's sum in transactions on an in-memory database; the audience is generated a page at a time and the sender counts and accepts. Neither Cloud Tasks' dispatch delay nor FCM's round trips are in it`,
      },
    ),
    measured(
      queueSpecs.chunks,
      results.map((r) => r.chunks),
    ),
    measured(
      queueSpecs.calls,
      results.map((r) => r.calls),
    ),
    measured(
      queueSpecs.largest,
      results.map((r) => r.largestCall),
    ),
    measured(
      queueSpecs.rss,
      results.map((r) => (r.peak.rss - r.before.rss) / MIB),
      {
        note: 'all chunks in one process, as one instance running them one after another would: peak minus the RSS after a GC just before',
      },
    ),
  ];
}

/** An alert to everyone over 100 000 device tokens, each run in a fresh process. */
export async function measurePush(options: {
  workDir: string;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  fs.mkdirSync(options.workDir, { recursive: true });
  const results: PushResult[] = [];
  try {
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
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return Object.values(specs).map((spec) => notMeasured(spec, reason));
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
