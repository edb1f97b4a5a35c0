import * as z from 'zod/mini';
import { chatMessageSchema, type ChatMessage } from '@contracts/chat/chat-messages';
import type { Logger } from '@/lib/logger';
import { readJson, type KeyValueStorage } from '@/lib/storage';

/**
 * The chat's outbox: every message the admin sends is kept in local storage until the database
 * acknowledged it, so a dropped connection, a reload or a closed tab loses nothing, and a
 * message is never shown as sent while it lives only in the tab's memory.
 *
 * Each message carries its database key from the start (`messageID`), and the rules create a
 * message only where none is stored. A message sent again (after a reload, or from a second
 * tab) therefore lands at most once; a refusal for a key that is already stored means an
 * earlier attempt arrived, and counts as delivered.
 */

/** One local storage entry per admin, holding every group's waiting messages in send order. */
export const outboxStorageKey = (uid: string) => `chatOutbox:${uid}`;

const outboxSchema = z.record(z.string(), z.array(chatMessageSchema));
type StoredOutbox = z.infer<typeof outboxSchema>;

function readAll(storage: KeyValueStorage, uid: string, logger: Logger): StoredOutbox {
  const raw = readJson(storage, outboxStorageKey(uid));
  if (raw === undefined) return {};
  const parsed = outboxSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  logger.warn('The chat outbox in local storage is unreadable and was set aside', parsed.error);
  return {};
}

function writeGroup(
  storage: KeyValueStorage,
  uid: string,
  groupId: string,
  messages: readonly ChatMessage[],
  logger: Logger,
): void {
  const all = Object.fromEntries(
    Object.entries(readAll(storage, uid, logger)).filter(([group]) => group !== groupId),
  );
  if (messages.length > 0) all[groupId] = [...messages];
  if (Object.keys(all).length === 0) storage.removeItem(outboxStorageKey(uid));
  else storage.setItem(outboxStorageKey(uid), JSON.stringify(all));
}

/** How many messages of this admin wait to be sent, in every group. */
export function waitingCount(storage: KeyValueStorage, uid: string, logger: Logger): number {
  return Object.values(readAll(storage, uid, logger)).reduce((sum, list) => sum + list.length, 0);
}

export interface OutboxDeps {
  storage: KeyValueStorage;
  /** The signed-in admin. */
  uid: string;
  groupId: string;
  /** Writes the message at its key; resolves once the database acknowledged it. */
  write(message: ChatMessage): Promise<void>;
  /** Whether a message is stored at this key (asked after a refused write). */
  isStored(messageId: string): Promise<boolean>;
  /** A kept message this page did not send itself (left by an earlier page) was refused. */
  onRefused(message: ChatMessage): void;
  logger: Logger;
}

export interface Outbox {
  /** The messages waiting for the database, oldest first. */
  getSnapshot(): readonly ChatMessage[];
  subscribe(listener: () => void): () => void;
  /**
   * Keeps the message and sends it after every message waiting before it. Resolves once it is
   * stored, rejects when the database refused it (it then no longer waits).
   */
  send(message: ChatMessage): Promise<void>;
  /**
   * Sends, in order, every kept message this outbox is not already sending: those left by an
   * earlier page, and those whose outcome could not be learnt. Call at start and on reconnect.
   */
  flush(): void;
}

interface Settle {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createOutbox(deps: OutboxDeps): Outbox {
  const { storage, uid, groupId, logger } = deps;
  const read = () => readAll(storage, uid, logger)[groupId] ?? [];
  let snapshot: readonly ChatMessage[] = read();
  const listeners = new Set<() => void>();
  /** Keys written by this outbox whose outcome is not known yet. */
  const inFlight = new Set<string>();
  const waiters = new Map<string, Settle>();

  const update = (change: (messages: ChatMessage[]) => ChatMessage[]) => {
    // Read again first: another tab may have added or delivered messages of the same group.
    const next = change(read());
    writeGroup(storage, uid, groupId, next, logger);
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const settle = (message: ChatMessage, outcome: { error: unknown } | null) => {
    const id = message.messageID;
    inFlight.delete(id);
    const waiter = waiters.get(id);
    waiters.delete(id);
    if (outcome === null) waiter?.resolve();
    else if (waiter) waiter.reject(outcome.error);
    else deps.onRefused(message);
  };
  const drop = (messageId: string) =>
    update((messages) => messages.filter((message) => message.messageID !== messageId));

  const deliver = async (message: ChatMessage) => {
    const id = message.messageID;
    try {
      await deps.write(message);
      drop(id);
      settle(message, null);
      return;
    } catch (error) {
      let stored: boolean;
      try {
        stored = await deps.isStored(id);
      } catch (checkError) {
        // Unknown outcome: it keeps waiting, and the next flush sends it again.
        logger.warn('A refused chat message could not be checked; it stays waiting', checkError);
        inFlight.delete(id);
        return;
      }
      drop(id);
      if (stored) {
        settle(message, null);
      } else {
        logger.warn('The database refused a chat message', error);
        settle(message, { error });
      }
    }
  };

  const flush = () => {
    for (const message of read()) {
      if (inFlight.has(message.messageID)) continue;
      inFlight.add(message.messageID);
      void deliver(message);
    }
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send(message) {
      const done = new Promise<void>((resolve, reject) => {
        waiters.set(message.messageID, { resolve, reject });
      });
      update((messages) => [...messages, message]);
      flush();
      return done;
    },
    flush,
  };
}
