import { describe, expect, it } from 'vitest';
import { MemoryDb } from '../testing/memory-db.js';
import { fakeSender } from '../testing/push-fakes.js';
import { recordingLogger } from '../testing/recording-logger.js';
import {
  FCM_BATCH_SIZE,
  SEND_CONCURRENCY,
  sendToRecipients,
  type PushMessage,
  type Recipient,
} from './push.js';

const message = (token: string): PushMessage => ({
  token,
  notification: { title: 'T', body: 'B' },
  data: {},
});

function tokensIn(count: number): {
  recipients: Recipient[];
  tree: Record<string, Record<string, { token: string; updatedAt: number }>>;
} {
  const tree: Record<string, Record<string, { token: string; updatedAt: number }>> = {};
  const recipients: Recipient[] = [];
  for (let i = 0; i < count; i++) {
    const user = `u${i % 300}`;
    tree[user] = { ...tree[user], [`k${i}`]: { token: `token-${i}`, updatedAt: 1 } };
    recipients.push({ token: `token-${i}`, path: `deviceTokens/${user}/k${i}` });
  }
  return { recipients, tree };
}

describe('sendToRecipients', () => {
  it('sends 1 200 tokens as 500 + 500 + 200, at most 4 batches at once', async () => {
    const { recipients, tree } = tokensIn(1200);
    const sender = fakeSender();
    const outcome = await sendToRecipients(recipients, message, {
      db: new MemoryDb({ deviceTokens: tree }),
      sender,
      logger: recordingLogger(),
    });
    expect(sender.batches.map((batch) => batch.length)).toEqual([500, 500, 200]);
    expect(FCM_BATCH_SIZE).toBe(500);
    expect(outcome).toEqual({ sent: 1200, failed: 0, pruned: 0 });
    expect(new Set(sender.batches.flat().map((m) => m.token)).size).toBe(1200);
  });

  it('keeps at most SEND_CONCURRENCY batches in flight', async () => {
    const { recipients } = tokensIn(FCM_BATCH_SIZE * 10);
    const sender = fakeSender();
    await sendToRecipients(recipients, message, {
      db: new MemoryDb(),
      sender,
      logger: recordingLogger(),
    });
    expect(sender.batches).toHaveLength(10);
    expect(sender.inFlightPeak).toBe(SEND_CONCURRENCY);
  });

  it('sends one message per device even when a token is listed twice', async () => {
    const sender = fakeSender();
    const outcome = await sendToRecipients(
      [
        { token: 'shared', path: 'deviceTokens/1/a' },
        { token: 'shared', path: 'deviceTokens/2/b' },
        { token: 'own', path: 'deviceTokens/1/c' },
        { token: 'own' },
      ],
      message,
      { db: new MemoryDb(), sender, logger: recordingLogger() },
    );
    expect(sender.batches.flat().map((m) => m.token)).toEqual(['shared', 'own']);
    expect(outcome.sent).toBe(2);
  });

  it('prunes exactly the tokens FCM calls unregistered or invalid, wherever they are stored', async () => {
    const db = new MemoryDb({
      deviceTokens: {
        1: { a: { token: 'gone', updatedAt: 1 }, b: { token: 'fine', updatedAt: 1 } },
        2: { c: { token: 'gone', updatedAt: 1 }, d: { token: 'bad-format', updatedAt: 1 } },
        3: { e: { token: 'arg', updatedAt: 1 }, f: { token: 'busy', updatedAt: 1 } },
      },
    });
    const codes: Record<string, string> = {
      gone: 'messaging/registration-token-not-registered',
      'bad-format': 'messaging/invalid-registration-token',
      arg: 'messaging/invalid-argument',
      busy: 'messaging/server-unavailable',
    };
    const recipients = Object.entries(
      db.at('deviceTokens') as Record<string, Record<string, { token: string }>>,
    ).flatMap(([user, keys]) =>
      Object.entries(keys).map(([key, { token }]) => ({
        token,
        path: `deviceTokens/${user}/${key}`,
      })),
    );
    const outcome = await sendToRecipients(recipients, message, {
      db,
      sender: fakeSender((token) => codes[token]),
      logger: recordingLogger(),
    });
    expect(outcome).toEqual({ sent: 1, failed: 4, pruned: 4 });
    expect(db.at('deviceTokens')).toEqual({
      1: { b: { token: 'fine', updatedAt: 1 } },
      3: { f: { token: 'busy', updatedAt: 1 } },
    });
  });

  it('prunes nothing when FCM refuses every message of a batch as an invalid argument', async () => {
    const db = new MemoryDb({
      deviceTokens: { 1: { a: { token: 'x', updatedAt: 1 }, b: { token: 'y', updatedAt: 1 } } },
    });
    const logger = recordingLogger();
    const outcome = await sendToRecipients(
      [
        { token: 'x', path: 'deviceTokens/1/a' },
        { token: 'y', path: 'deviceTokens/1/b' },
      ],
      message,
      { db, sender: fakeSender(() => 'messaging/invalid-argument'), logger },
    );
    expect(outcome).toEqual({ sent: 0, failed: 2, pruned: 0 });
    expect(Object.keys(db.at('deviceTokens/1') as object)).toEqual(['a', 'b']);
    expect(logger.lines.map((line) => line.level)).toContain('error');
  });

  it('counts a batch the sender throws on as failed, without pruning it', async () => {
    const db = new MemoryDb({ deviceTokens: { 1: { a: { token: 'x', updatedAt: 1 } } } });
    const outcome = await sendToRecipients([{ token: 'x', path: 'deviceTokens/1/a' }], message, {
      db,
      sender: { sendEach: () => Promise.reject(new Error('quota exceeded')) },
      logger: recordingLogger(),
    });
    expect(outcome).toEqual({ sent: 0, failed: 1, pruned: 0 });
    expect(db.at('deviceTokens/1/a')).toBeDefined();
  });

  it('sends nothing to nobody', async () => {
    const sender = fakeSender();
    const outcome = await sendToRecipients([], message, {
      db: new MemoryDb(),
      sender,
      logger: recordingLogger(),
    });
    expect(outcome).toEqual({ sent: 0, failed: 0, pruned: 0 });
    expect(sender.batches).toEqual([]);
  });
});
