import { randomUUID } from 'node:crypto';
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
import { httpRequest } from '../support/http.ts';
import { atMost, measured, under, type Figure } from '../support/report.ts';
import type { Suite } from '../support/suite.ts';

const MIB = 1024 * 1024;

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
const QUEUE_STACK_PARAMS = {
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
async function measurePushThroughQueue(options: { stack: Stack; log: Logger }): Promise<Figure[]> {
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

/** The `push` suite's second section, on a local stack of its own. */
export const pushQueueSuite: Suite = {
  id: 'push',
  figures: Object.values(queueSpecs),
  stack: 'processes',
  measure: ({ workDir, withStack, log }) => {
    log.info('starting a local stack whose alerts to everyone go to 1 000 000 synthetic tokens…');
    return withStack(
      {
        dataDir: path.join(workDir, 'stack-push-queue'),
        reset: true,
        functionParams: QUEUE_STACK_PARAMS,
      },
      (stack) => measurePushThroughQueue({ stack: stack.stack, log }),
    );
  },
};
