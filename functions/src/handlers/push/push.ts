import { chunk, mapLimit } from '../concurrency.js';
import type { Db, Logger } from '../ports.js';

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
  /** Every device not reached; `permanent` of them for good, the rest for now (worth a retry). */
  failed: number;
  /** Failed devices FCM called dead: the token will never be delivered to again. */
  permanent: number;
  /** Dead tokens removed from the mirror (one per token, however many places held it). */
  pruned: number;
  /** FCM's reason when it refused the message itself: no device accepted it. */
  error?: string;
}

/** How far a push got: its audience's first `pages` pages were sent, with these counts. */
export interface PushProgress {
  pages: number;
  sent: number;
  failed: number;
  permanent: number;
  pruned: number;
}

/** Where to pick a push up, and where to note each page once its devices have all been tried. */
export interface Resume {
  from: PushProgress;
  checkpoint(progress: PushProgress): Promise<void>;
}

/** FCM's `sendEach` takes at most 500 messages. */
export const FCM_BATCH_SIZE = 500;
/** Batches in flight at once: fast for 100 000 devices, gentle on FCM quotas and memory. */
export const SEND_CONCURRENCY = 4;

/**
 * The token is gone for good: FCM will never deliver to it again. Every other code (internal
 * error, unavailable, quota, a batch that could not be sent) is transient: the token is kept.
 * `invalid-argument` is the token's fault only once some device accepted the same message.
 */
export const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
  'messaging/invalid-argument',
]);
const INVALID_ARGUMENT = 'messaging/invalid-argument';

/** Whether a refusal means the token is dead, given whether the message was accepted anywhere. */
export function isPermanent(code: string, messageAccepted: boolean): boolean {
  return DEAD_TOKEN_CODES.has(code) && (code !== INVALID_ARGUMENT || messageAccepted);
}

/** A device to send to, with every place its token is stored. */
interface Device {
  token: string;
  paths: string[];
}

/**
 * What became of a token already handled: a later copy of it (under another user, or on a later
 * page) is not sent again, and goes the way of the first. `held`: refused as an invalid argument
 * before any device accepted the message, so not yet known to be the token's fault.
 */
type Fate = 'sent' | 'failed' | 'dead' | 'held';

/**
 * Sends one message per distinct token, page by page, in batches of at most 500 with bounded
 * concurrency, and removes from the mirror the tokens FCM called dead. Only a page and less
 * than a batch of devices wait at a time, so memory follows the page size, not the audience.
 *
 * `invalid-argument` means a bad token or a bad message, and FCM says the same for both. The
 * message is the same for every device, so one accepted device proves it good. A batch refused
 * whole is split in halves down to single tokens; the single tokens refused are pruned once some
 * device accepted the message. If none ever does, the message itself was refused: nothing is
 * pruned and the outcome carries FCM's reason.
 *
 * With `resume`, the pages an earlier attempt finished are read but not sent again and its
 * counts carry on. Whenever a batch's worth is waiting, everything read so far is sent and
 * `resume.checkpoint` notes the pages done (the last batch of such a flush may be short); a push
 * smaller than a batch records no progress. A token already sent on a skipped page is not known
 * to be a duplicate; tokens repeat across users only when one device is registered by two.
 */
export async function sendToRecipients(
  pages: AsyncIterable<readonly Recipient[]> | Iterable<readonly Recipient[]>,
  messageFor: (token: string) => PushMessage,
  deps: PushDeps,
  resume?: Resume,
): Promise<PushOutcome> {
  const fates = new Map<string, Fate>();
  const waiting = new Map<string, string[]>();
  const held = new Map<string, string[]>();
  // Batches refused whole and left unsplit while the message looked refused (see `send`).
  const deferred: Device[][] = [];
  // Dead tokens and the places still to remove them from, until the next prune.
  let dead = new Map<string, string[]>();
  const pruned = new Set<string>();
  const { pages: skip, ...counted } = resume?.from ?? {
    pages: 0,
    sent: 0,
    failed: 0,
    permanent: 0,
    pruned: 0,
  };
  const count = { ...counted };
  let accepted = false;
  let splitFoundNone = false;

  const markDead = (token: string, places: readonly string[]) => {
    const known = dead.get(token);
    if (known === undefined) dead.set(token, [...places]);
    else known.push(...places);
  };

  const settle = (device: Device, fate: Fate) => {
    fates.set(device.token, fate);
    count[fate === 'sent' ? 'sent' : 'failed']++;
    if (fate === 'dead') {
      count.permanent++;
      markDead(device.token, device.paths);
    }
    if (fate === 'held') held.set(device.token, device.paths);
  };

  const send = async (batch: Device[], whole = true): Promise<void> => {
    const results = await sendBatch(
      batch.map((device) => messageFor(device.token)),
      deps,
    );
    if (!results.every((r) => !r.ok && r.error.code === INVALID_ARGUMENT)) {
      if (results.some((r) => r.ok)) accepted = true;
      results.forEach((result, index) => {
        const fate = result.ok
          ? 'sent'
          : isPermanent(result.error.code, accepted)
            ? 'dead'
            : result.error.code === INVALID_ARGUMENT
              ? 'held'
              : 'failed';
        settle(batch[index] as Device, fate);
      });
    } else if (batch.length === 1) {
      settle(batch[0] as Device, accepted ? 'dead' : 'held');
    } else if (splitFoundNone && !accepted) {
      // One split already found no device that takes the message: splitting every batch
      // (about 2n calls each) only to learn the same waits until a device accepts it.
      for (const device of batch) fates.set(device.token, 'held');
      deferred.push(batch);
    } else {
      const half = Math.ceil(batch.length / 2);
      await send(batch.slice(0, half), false);
      await send(batch.slice(half), false);
      if (whole && !accepted) splitFoundNone = true;
    }
  };

  const sendAll = async (batches: Device[][]) => {
    await mapLimit(batches, SEND_CONCURRENCY, (batch) => send(batch));
    count.pruned += await prune(dead, pruned, deps);
    dead = new Map();
  };

  const sendWaiting = (all: boolean) => {
    const devices = [...waiting].map(([token, paths]): Device => ({ token, paths }));
    const batches = chunk(devices, FCM_BATCH_SIZE).filter(
      (batch) => all || batch.length === FCM_BATCH_SIZE,
    );
    for (const batch of batches) for (const { token } of batch) waiting.delete(token);
    return sendAll(batches);
  };

  let read = 0;
  for await (const page of pages) {
    if (read++ < skip) continue;
    for (const { token, path } of page) {
      const fate = fates.get(token);
      const paths = waiting.get(token) ?? (fate === 'held' ? held.get(token) : undefined);
      if (paths === undefined && fate === undefined)
        waiting.set(token, path === undefined ? [] : [path]);
      else if (path === undefined) continue;
      else if (paths !== undefined) paths.push(path);
      else if (fate === 'dead') markDead(token, [path]);
    }
    if (waiting.size < FCM_BATCH_SIZE) continue;
    if (resume === undefined) await sendWaiting(false);
    else {
      // Everything read so far goes out before the pages are noted as done.
      await sendWaiting(true);
      await resume.checkpoint({ pages: read, ...count });
    }
  }
  await sendWaiting(true);

  if (accepted) {
    // The message is good: the single tokens refused were bad, and the batches left unsplit
    // are split now to find theirs.
    for (const [token, paths] of held) {
      count.permanent++;
      markDead(token, paths);
    }
    await sendAll(deferred.splice(0));
    return count;
  }
  count.failed += deferred.flat().length;
  if (held.size + deferred.length === 0) return count;
  deps.logger.error('FCM refused the message for every device; no token was pruned', {
    failed: count.failed,
    reason: INVALID_ARGUMENT,
  });
  return { ...count, error: INVALID_ARGUMENT };
}

/** Removes every place of the dead tokens; returns how many tokens were removed for the first time. */
async function prune(
  dead: ReadonlyMap<string, readonly string[]>,
  pruned: Set<string>,
  deps: PushDeps,
): Promise<number> {
  const paths = [...dead.values()].flat();
  for (const batch of chunk(paths, PRUNE_BATCH_PATHS)) {
    await deps.db.update(Object.fromEntries(batch.map((path) => [path, null])));
  }
  let removed = 0;
  for (const [token, places] of dead) {
    if (places.length === 0 || pruned.has(token)) continue;
    pruned.add(token);
    removed++;
  }
  return removed;
}

/** Paths removed per multi-path update when pruning. */
const PRUNE_BATCH_PATHS = 2_000;

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
