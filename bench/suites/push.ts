import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../dev/logger.ts';
import type { Stack } from '../../dev/stack.ts';
import {
  deliverySchema,
  paths,
  pushClaimSchema,
  pushCountSchema,
  type Alert,
  type PushClaim,
} from '../../functions/src/contracts/index.ts';
import { childrenOf } from '../../functions/src/handlers/ports.ts';
import { FCM_BATCH_SIZE, SYNTHETIC_TOKENS_VAR } from '../../functions/src/handlers/push/index.ts';
import { forkChild } from '../support/child.ts';
import { httpRequest } from '../support/http.ts';
import {
  atMost,
  measured,
  notMeasured,
  under,
  type Figure,
  type FigureSpec,
} from '../support/report.ts';
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

const QUEUE_SECTION = 'Push fan-out through the task queue';
const QUEUE_TOKENS = 1_000_000;
const QUEUE_RUNS = 3;
const POLL_MS = 100;
const GIVE_UP_MS = 600_000;

/**
 * The heap Node gives itself in the 256 MiB instance a chunk runs in: unless told otherwise it
 * sizes V8's old generation from the container's memory limit (a quarter of it, times two on
 * 64-bit). The emulator's workers would size it from this machine's memory and collect far
 * later, so their RSS would say nothing about the instance.
 */
const INSTANCE_HEAP_MIB = 128;

/**
 * The functions' settings of the stack the queued fan-out runs on: in the Functions emulator,
 * every alert to everyone goes to this many generated tokens through a counting sender, and
 * every worker's heap is the instance's.
 */
export const QUEUE_STACK_PARAMS = {
  [SYNTHETIC_TOKENS_VAR]: String(QUEUE_TOKENS),
  NODE_OPTIONS: `--max-old-space-size=${INSTANCE_HEAP_MIB}`,
};

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
    label: 'peak RSS of a function worker sending chunks',
    unit: 'MiB',
    // The memory of the instance a chunk runs in (the default, 256 MiB).
    budget: under(256),
  },
} as const;

export const QUEUE_SPECS: readonly FigureSpec[] = Object.values(queueSpecs);

interface QueueRun {
  ms: number;
  chunks: number;
  calls: number;
  largestCall: number;
  peakRss: number;
}

/**
 * An alert to everyone over 1 000 000 synthetic device tokens on a stack started with
 * QUEUE_STACK_PARAMS: written to the database as the app writes it, so `onAlertCreated` sends
 * the first chunk and queues the next through the Admin SDK to the Tasks emulator, which runs
 * each as the deployed `pushAlertChunk`; timed until the delivery record counts every token.
 */
export async function measurePushThroughQueue(options: {
  stack: Stack;
  log: Logger;
}): Promise<Figure[]> {
  const { host, port, namespace } = options.stack.rtdb;
  const url = (at: string) => `http://${host}:${port}/${at}.json?ns=${namespace}`;
  const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };
  const read = async (at: string): Promise<unknown> => {
    const reply = await httpRequest(url(at), { headers: owner });
    if (reply.status !== 200) throw new Error(`reading ${at} answered HTTP ${reply.status}`);
    return JSON.parse(reply.body.toString('utf8')) as unknown;
  };
  const remove = async (at: string) => {
    const reply = await httpRequest(url(at), { method: 'DELETE', headers: owner });
    if (reply.status !== 200) throw new Error(`removing ${at} answered HTTP ${reply.status}`);
  };
  const runs: QueueRun[] = [];
  try {
    for (let run = 0; run < QUEUE_RUNS; run++) {
      await remove(paths.pushCounts());
      const alertId = `bench-${randomUUID()}`;
      const alert: Alert = {
        notificationId: alertId,
        target: 'all',
        title: 'Fuel prices drop tonight',
        description: 'Regular is down 12 cents at every partner station from 8 pm.',
        image: '',
        userName: 'All Users',
        timeStamp: Date.now(),
      };
      const started = performance.now();
      const written = await httpRequest(url(`${paths.alerts()}/${alertId}`), {
        method: 'PUT',
        headers: owner,
        body: JSON.stringify(alert),
      });
      if (written.status !== 200)
        throw new Error(`the alert's write answered HTTP ${written.status}`);
      for (;;) {
        const delivery = z.nullable(deliverySchema).parse(await read(paths.alertDelivery(alertId)));
        if (delivery !== null && delivery.sent + delivery.failed >= QUEUE_TOKENS) {
          if (delivery.sent + delivery.failed > QUEUE_TOKENS) {
            throw new Error(`${delivery.sent} sent + ${delivery.failed} failed of ${QUEUE_TOKENS}`);
          }
          break;
        }
        if (performance.now() - started > GIVE_UP_MS) {
          const counted = delivery === null ? 'no delivery record' : `${delivery.sent} sent`;
          throw new Error(`${counted} ${GIVE_UP_MS / 1000} s after the write`);
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      const ms = performance.now() - started;
      // The chunk that sent the last tokens may still queue one that finds the mirror ended.
      const claims = await chainEnd(() => read(paths.pushClaim('alertChunks', alertId)));
      const calls = Object.values(
        z
          .record(z.string(), pushCountSchema)
          .nullable()
          .parse(await read(paths.pushCounts())) ?? {},
      );
      const counted = calls.reduce((sum, call) => sum + call.tokens, 0);
      if (counted !== QUEUE_TOKENS) {
        throw new Error(`the counting sender took ${counted} tokens of ${QUEUE_TOKENS}`);
      }
      const result: QueueRun = {
        ms,
        chunks: claims.length,
        calls: calls.length,
        largestCall: Math.max(...calls.map((call) => call.tokens)),
        peakRss: Math.max(...calls.map((call) => call.rss)),
      };
      runs.push(result);
      await remove(`${paths.alerts()}/${alertId}`);
      options.log.info(
        `push through the queue, run ${run + 1}: ${Math.round(ms)} ms, ${result.chunks} chunks, ${result.calls} calls, worker RSS peak ${(result.peakRss / MIB).toFixed(1)} MiB`,
      );
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return QUEUE_SPECS.map((spec) => notMeasured(spec, reason));
  }
  return [
    measured(
      queueSpecs.time,
      runs.map((r) => r.ms),
      {
        note: `from the alert's write to its delivery record counting every token (polled every ${POLL_MS} ms): onAlertCreated sends the first chunk of PUSH_CHUNK_USERS users (2 devices each) and queues the next through the Admin SDK to the Tasks emulator, which runs each as the deployed pushAlertChunk in the Functions emulator; the audience is generated a page at a time and the sender counts (one small write per call). FCM's round trips are not in it`,
      },
    ),
    measured(
      queueSpecs.chunks,
      runs.map((r) => r.chunks),
    ),
    measured(
      queueSpecs.calls,
      runs.map((r) => r.calls),
    ),
    measured(
      queueSpecs.largest,
      runs.map((r) => r.largestCall),
    ),
    measured(
      queueSpecs.rss,
      runs.map((r) => r.peakRss / MIB),
      {
        note: `the RSS of the Functions emulator's worker process, sampled at every sendEach call: Node, the emulator's runtime, firebase-admin and the chunk being sent; the workers run with --max-old-space-size=${INSTANCE_HEAP_MIB}, the heap Node sizes for itself in a 256 MiB instance`,
      },
    ),
  ];
}

/** The chunk claims of an alert, once the last is done and queued no other. */
async function chainEnd(read: () => Promise<unknown>): Promise<PushClaim[]> {
  const until = performance.now() + 60_000;
  for (;;) {
    const claims = Object.entries(childrenOf(await read()))
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, claim]) => pushClaimSchema.parse(claim));
    const last = claims.at(-1);
    if (claims.every((c) => c.state === 'done') && last !== undefined && last.next === undefined) {
      return claims;
    }
    if (performance.now() > until) throw new Error('the chain of chunks did not end within 60 s');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
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
