/**
 * One push fan-out in a fresh process (forked by push.ts, run with --expose-gc), so the memory
 * it reports is the fan-out's alone: an alert to everyone, through the real `sendAlert` →
 * `sendToRecipients` → recording sender path, over a database holding 100 000 device tokens.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Alert, DeviceTokenEntry } from '../../functions/src/contracts/index.ts';
import {
  sendAlert,
  createRecordingSender,
  RECORDED_DEAD_TOKEN_PREFIX,
  type PushSender,
} from '../../functions/src/handlers/push/index.ts';
import type { Db, Logger } from '../../functions/src/handlers/ports.ts';
import { createPeakMeter, memorySchema } from '../support/child.ts';

export const pushRunSchema = z.object({
  type: z.literal('run'),
  tokens: z.number().int().positive(),
  tokensPerUser: z.number().int().positive(),
  /** One token in `deadEvery` is one FCM no longer knows (the recording sender's prefix). */
  deadEvery: z.number().int().positive(),
});

export const pushResultSchema = z.object({
  type: z.literal('result'),
  ms: z.number(),
  calls: z.number().int(),
  largestCall: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pruned: z.number().int(),
  before: memorySchema,
  peak: memorySchema,
});
export type PushResult = z.infer<typeof pushResultSchema>;

/**
 * deviceTokens/{uid}/{slot} as the mirror holds it, each user's slots as JSON: users 1, 2, ...
 * in the database's key order.
 */
function deviceTokens(run: z.infer<typeof pushRunSchema>): string[] {
  const users: Record<string, DeviceTokenEntry>[] = [];
  for (let i = 0; i < run.tokens; i++) {
    // About the length of a real FCM registration token.
    const token = `${i % run.deadEvery === 0 ? RECORDED_DEAD_TOKEN_PREFIX : ''}d${i.toString(36)}:APA91b${createHash('sha256').update(String(i)).digest('base64url').repeat(3)}`;
    const slots = (users[Math.floor(i / run.tokensPerUser)] ??= {});
    slots[String(i % run.tokensPerUser)] = { token, updatedAt: 1_700_000_000_000 };
  }
  return users.map((slots) => JSON.stringify(slots));
}

const BENCH_ALERT = '-benchAlert';

function benchAlert(): Alert {
  return {
    notificationId: BENCH_ALERT,
    target: 'all',
    title: 'Fuel prices drop tonight',
    description: 'Regular is down 12 cents at every partner station from 8 pm.',
    image: '',
    userName: 'All Users',
    timeStamp: 1_700_000_000_000,
  };
}

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

process.once('message', (raw) => {
  const run = pushRunSchema.parse(raw);
  // As firebase-admin hands each page over: parsed from the wire's JSON inside the fan-out, so
  // the pages count in its memory as they would in the function's.
  const wire = deviceTokens(run);
  const meter = createPeakMeter(5);
  let pushes = 0;
  let pruned = 0;
  // The database answers at once and keeps nothing it is given: what is measured is the
  // fan-out itself, not a store of 100 000 outbox entries.
  const db: Db = {
    get: async () => null,
    page: async (path, { after, limit }) => {
      if (path !== 'deviceTokens') return [];
      // User n is at index n - 1, so the page after user n starts at index n.
      const from = after === undefined ? 0 : Number(after);
      const slots = JSON.parse(`[${wire.slice(from, from + limit).join(',')}]`) as unknown[];
      return slots.map((value, index): [string, unknown] => [String(from + index + 1), value]);
    },
    update: async (values) => {
      for (const value of Object.values(values)) if (value === null) pruned++;
      meter.sample();
    },
    pushKey: () => `-bench${(pushes++).toString(36).padStart(12, '0')}`,
    // The push's claim and its progress after every page: nothing stored, so always granted.
    transaction: async (_path, change) => {
      const value = change(null);
      meter.sample();
      return { committed: value !== undefined, value: value ?? null };
    },
  };
  const recording = createRecordingSender(db, () => Date.now());
  let calls = 0;
  let largestCall = 0;
  const sender: PushSender = {
    sendEach: (messages) => {
      calls++;
      largestCall = Math.max(largestCall, messages.length);
      meter.sample();
      return recording.sendEach(messages);
    },
  };
  globalThis.gc?.();
  const before = meter.reset();
  const started = performance.now();
  void sendAlert(
    { alertId: BENCH_ALERT, alert: benchAlert() },
    {
      db,
      sender,
      logger: silent,
      now: () => Date.now(),
      invocation: 'bench',
      takeoverMs: 540_000,
      // One invocation: what the trigger itself sends of an alert to everyone.
      chunkUsers: run.tokens,
      queue: {
        enqueue: () => Promise.reject(new Error('one invocation holds the whole audience')),
      },
    },
  ).then((delivery) => {
    if (delivery === undefined) throw new Error('the alert was not sent');
    const ms = performance.now() - started;
    const peak = meter.peak();
    meter.stop();
    const result: PushResult = {
      type: 'result',
      ms,
      calls,
      largestCall,
      sent: delivery.sent,
      failed: delivery.failed,
      pruned,
      before,
      peak,
    };
    process.send?.(result, () => process.exit(0));
  });
});
