import { chunk, mapLimit } from './concurrency.js';
import type { Db, Logger } from './ports.js';

/** One FCM message to one device (FCM HTTP v1 through the Admin SDK's `sendEach`). */
export interface PushMessage {
  token: string;
  notification: { title: string; body: string; image?: string };
  data: Record<string, string>;
}

export type SendResult = { ok: true } | { ok: false; error: { code: string } };

/** The Admin SDK in production, a recording outbox in the emulators. */
export interface PushSender {
  sendEach(messages: PushMessage[]): Promise<{ results: SendResult[] }>;
}

/** A device to reach, and where its token is stored when a dead token should leave the mirror. */
export interface Recipient {
  token: string;
  path?: string;
}

export interface PushDeps {
  db: Db;
  sender: PushSender;
  logger: Logger;
}

export interface PushOutcome {
  sent: number;
  failed: number;
  pruned: number;
}

/** FCM's `sendEach` takes at most 500 messages. */
export const FCM_BATCH_SIZE = 500;
/** Batches in flight at once: fast for 100 000 devices, gentle on FCM quotas and memory. */
export const SEND_CONCURRENCY = 4;

/** The token is gone for good: FCM will never deliver to it again. */
export const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);
const INVALID_ARGUMENT = 'messaging/invalid-argument';

/**
 * Sends one message per distinct token (a token listed twice, under two users or twice under
 * one, is still one device), in batches of at most 500 with bounded concurrency, then removes
 * from the mirror the tokens FCM called dead.
 */
export async function sendToRecipients(
  recipients: readonly Recipient[],
  messageFor: (token: string) => PushMessage,
  deps: PushDeps,
): Promise<PushOutcome> {
  const storedAt = new Map<string, string[]>();
  for (const { token, path } of recipients) {
    const known = storedAt.get(token) ?? [];
    if (path !== undefined) known.push(path);
    storedAt.set(token, known);
  }
  const batches = chunk([...storedAt.keys()].map(messageFor), FCM_BATCH_SIZE);

  let sent = 0;
  let failed = 0;
  const dead: string[] = [];
  await mapLimit(batches, SEND_CONCURRENCY, async (batch) => {
    const results = await sendBatch(batch, deps);
    // `invalid-argument` on every message of a batch is a bad message (an image URL FCM
    // refuses, say), not a batch of bad tokens: pruning then would empty the mirror.
    const messageRefused =
      batch.length > 1 && results.every((r) => !r.ok && r.error.code === INVALID_ARGUMENT);
    if (messageRefused)
      deps.logger.error('FCM refused every message of a batch', { size: batch.length });
    results.forEach((result, index) => {
      if (result.ok) {
        sent++;
        return;
      }
      failed++;
      const token = batch[index]?.token;
      if (!messageRefused && token !== undefined && DEAD_TOKEN_CODES.has(result.error.code)) {
        dead.push(token);
      }
    });
  });

  const prune = dead.flatMap((token) => storedAt.get(token) ?? []);
  if (prune.length > 0) {
    await deps.db.update(Object.fromEntries(prune.map((path) => [path, null])));
  }
  return { sent, failed, pruned: prune.length };
}

/** Every message gets a result: a batch the sender throws on counts as failed, not dead. */
async function sendBatch(batch: PushMessage[], deps: PushDeps): Promise<SendResult[]> {
  try {
    const { results } = await deps.sender.sendEach(batch);
    return batch.map(
      (_, index) => results[index] ?? { ok: false, error: { code: 'missing-result' } },
    );
  } catch (error) {
    deps.logger.error('A push batch could not be sent', {
      size: batch.length,
      error: String(error),
    });
    return batch.map(() => ({ ok: false, error: { code: 'send-failed' } }));
  }
}
