import { describe, expect, it } from 'vitest';
import { MemoryDb } from '../../testing/memory-db.js';
import { fakeSender } from '../../testing/push-fakes.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import {
  FCM_BATCH_SIZE,
  SEND_CONCURRENCY,
  sendToRecipients,
  type PushMessage,
  type PushSender,
  type Recipient,
  type SendResult,
} from './push.js';

const refused = (code: string): SendResult => ({ ok: false, error: { code } });

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
    const outcome = await sendToRecipients([recipients], message, {
      db: new MemoryDb({ deviceTokens: tree }),
      sender,
      logger: recordingLogger(),
    });
    expect(sender.batches.map((batch) => batch.length)).toEqual([500, 500, 200]);
    expect(FCM_BATCH_SIZE).toBe(500);
    expect(outcome).toEqual({ sent: 1200, failed: 0, permanent: 0, pruned: 0 });
    expect(new Set(sender.batches.flat().map((m) => m.token)).size).toBe(1200);
  });

  it('keeps at most SEND_CONCURRENCY batches in flight', async () => {
    const { recipients } = tokensIn(FCM_BATCH_SIZE * 10);
    const sender = fakeSender();
    await sendToRecipients([recipients], message, {
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
        [
          { token: 'shared', path: 'deviceTokens/1/a' },
          { token: 'shared', path: 'deviceTokens/2/b' },
        ],
        [{ token: 'own', path: 'deviceTokens/1/c' }, { token: 'own' }, { token: 'shared' }],
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
    const outcome = await sendToRecipients([recipients], message, {
      db,
      sender: fakeSender((token) => codes[token]),
      logger: recordingLogger(),
    });
    expect(outcome).toEqual({ sent: 1, failed: 4, permanent: 3, pruned: 3 });
    expect(db.at('deviceTokens')).toEqual({
      1: { b: { token: 'fine', updatedAt: 1 } },
      3: { f: { token: 'busy', updatedAt: 1 } },
    });
  });

  it('counts a transient refusal as failed but keeps its token: failed and pruned differ', async () => {
    const db = new MemoryDb({
      deviceTokens: {
        1: { a: { token: 'gone', updatedAt: 1 }, b: { token: 'fine', updatedAt: 1 } },
        2: { c: { token: 'busy', updatedAt: 1 }, d: { token: 'hiccup', updatedAt: 1 } },
      },
    });
    const codes: Record<string, string> = {
      gone: 'messaging/registration-token-not-registered',
      busy: 'messaging/server-unavailable',
      hiccup: 'messaging/internal-error',
    };
    const outcome = await sendToRecipients(
      [
        [
          { token: 'gone', path: 'deviceTokens/1/a' },
          { token: 'fine', path: 'deviceTokens/1/b' },
          { token: 'busy', path: 'deviceTokens/2/c' },
          { token: 'hiccup', path: 'deviceTokens/2/d' },
        ],
      ],
      message,
      { db, sender: fakeSender((token) => codes[token]), logger: recordingLogger() },
    );
    expect(outcome).toEqual({ sent: 1, failed: 3, permanent: 1, pruned: 1 });
    expect(Object.keys(db.at('deviceTokens/1') as object)).toEqual(['b']);
    expect(Object.keys(db.at('deviceTokens/2') as object)).toEqual(['c', 'd']);
  });

  it('splits a batch with one transient and one permanent failure, pruning only the dead token', async () => {
    const db = new MemoryDb({
      deviceTokens: {
        1: { a: { token: 'gone', updatedAt: 1 }, b: { token: 'busy', updatedAt: 1 } },
        2: { a: { token: 'fine', updatedAt: 1 } },
      },
    });
    const codes: Record<string, string> = {
      gone: 'messaging/registration-token-not-registered',
      busy: 'messaging/internal-error',
    };
    const outcome = await sendToRecipients(
      [
        [
          { token: 'gone', path: 'deviceTokens/1/a' },
          { token: 'busy', path: 'deviceTokens/1/b' },
          { token: 'fine', path: 'deviceTokens/2/a' },
        ],
      ],
      message,
      { db, sender: fakeSender((token) => codes[token]), logger: recordingLogger() },
    );
    expect(outcome).toEqual({ sent: 1, failed: 2, permanent: 1, pruned: 1 });
    expect(db.at('deviceTokens')).toEqual({
      1: { b: { token: 'busy', updatedAt: 1 } },
      2: { a: { token: 'fine', updatedAt: 1 } },
    });
  });

  it.each([
    'messaging/internal-error',
    'messaging/server-unavailable',
    'messaging/unavailable',
    'messaging/quota-exceeded',
    'messaging/message-rate-exceeded',
    'messaging/device-message-rate-exceeded',
    'messaging/third-party-auth-error',
  ])('counts %s as a transient failure and keeps the token', async (code) => {
    const db = new MemoryDb({ deviceTokens: { 1: { a: { token: 'tok', updatedAt: 1 } } } });
    const outcome = await sendToRecipients(
      [[{ token: 'tok', path: 'deviceTokens/1/a' }, { token: 'fine' }]],
      message,
      {
        db,
        sender: fakeSender((token) => (token === 'tok' ? code : undefined)),
        logger: recordingLogger(),
      },
    );
    expect(outcome).toEqual({ sent: 1, failed: 1, permanent: 0, pruned: 0 });
    expect(db.at('deviceTokens/1/a')).toBeDefined();
  });

  it.each([
    'messaging/registration-token-not-registered',
    'messaging/invalid-registration-token',
    'messaging/invalid-argument',
  ])('counts %s as a permanent failure and prunes the token', async (code) => {
    const db = new MemoryDb({ deviceTokens: { 1: { a: { token: 'tok', updatedAt: 1 } } } });
    const outcome = await sendToRecipients(
      [[{ token: 'fine' }, { token: 'tok', path: 'deviceTokens/1/a' }]],
      message,
      {
        db,
        sender: fakeSender((token) => (token === 'tok' ? code : undefined)),
        logger: recordingLogger(),
      },
    );
    expect(outcome).toEqual({ sent: 1, failed: 1, permanent: 1, pruned: 1 });
    expect(db.at('deviceTokens/1')).toBeUndefined();
  });

  it('counts a dead token with no stored place as permanent but not pruned', async () => {
    const outcome = await sendToRecipients([[{ token: 'gone' }, { token: 'fine' }]], message, {
      db: new MemoryDb(),
      sender: fakeSender((token) =>
        token === 'gone' ? 'messaging/registration-token-not-registered' : undefined,
      ),
      logger: recordingLogger(),
    });
    expect(outcome).toEqual({ sent: 1, failed: 1, permanent: 1, pruned: 0 });
  });

  it('keeps a token refused as an invalid argument beside a transient failure while no device took the message', async () => {
    const db = new MemoryDb({ deviceTokens: { 1: { a: { token: 'arg', updatedAt: 1 } } } });
    const codes: Record<string, string> = {
      arg: 'messaging/invalid-argument',
      busy: 'messaging/internal-error',
    };
    const outcome = await sendToRecipients(
      [[{ token: 'arg', path: 'deviceTokens/1/a' }, { token: 'busy' }]],
      message,
      { db, sender: fakeSender((token) => codes[token]), logger: recordingLogger() },
    );
    expect(outcome).toMatchObject({ sent: 0, failed: 2, permanent: 0, pruned: 0 });
    expect(db.at('deviceTokens/1/a')).toBeDefined();
  });

  it('prunes a lone device FCM calls unregistered', async () => {
    const db = new MemoryDb({ deviceTokens: { 1: { a: { token: 'gone', updatedAt: 1 } } } });
    const outcome = await sendToRecipients(
      [[{ token: 'gone', path: 'deviceTokens/1/a' }]],
      message,
      {
        db,
        sender: fakeSender(() => 'messaging/registration-token-not-registered'),
        logger: recordingLogger(),
      },
    );
    expect(outcome).toEqual({ sent: 0, failed: 1, permanent: 1, pruned: 1 });
    expect(db.at('deviceTokens/1')).toBeUndefined();
  });

  it('prunes a single-device batch refused as an invalid argument once the message was accepted', async () => {
    const good = Array.from({ length: FCM_BATCH_SIZE }, (_, i) => `good-${i}`);
    const db = new MemoryDb({
      deviceTokens: { junk: { 0: { token: 'junk', updatedAt: 1 } } },
    });
    const sender = fakeSender((token) =>
      token === 'junk' ? 'messaging/invalid-argument' : undefined,
    );
    // A full first page goes out alone; the junk device then makes a batch of one.
    const outcome = await sendToRecipients(
      [good.map((token) => ({ token })), [{ token: 'junk', path: 'deviceTokens/junk/0' }]],
      message,
      { db, sender, logger: recordingLogger() },
    );
    expect(sender.batches.map((batch) => batch.length)).toEqual([FCM_BATCH_SIZE, 1]);
    expect(outcome).toEqual({ sent: FCM_BATCH_SIZE, failed: 1, permanent: 1, pruned: 1 });
    expect(db.at('deviceTokens/junk')).toBeUndefined();
  });

  it('prunes nothing when FCM refuses every message of a batch as an invalid argument', async () => {
    const db = new MemoryDb({
      deviceTokens: { 1: { a: { token: 'x', updatedAt: 1 }, b: { token: 'y', updatedAt: 1 } } },
    });
    const logger = recordingLogger();
    const sender = fakeSender(() => 'messaging/invalid-argument');
    const outcome = await sendToRecipients(
      [
        [
          { token: 'x', path: 'deviceTokens/1/a' },
          { token: 'y', path: 'deviceTokens/1/b' },
        ],
      ],
      message,
      { db, sender, logger },
    );
    expect(outcome).toEqual({
      sent: 0,
      failed: 2,
      permanent: 0,
      pruned: 0,
      error: 'messaging/invalid-argument',
    });
    // Split down to single tokens looking for one FCM accepts: [x, y], then [x] and [y].
    expect(sender.batches.map((batch) => batch.map((m) => m.token))).toEqual([
      ['x', 'y'],
      ['x'],
      ['y'],
    ]);
    expect(Object.keys(db.at('deviceTokens/1') as object)).toEqual(['a', 'b']);
    expect(logger.lines.map((line) => line.level)).toContain('error');
  });

  it('counts a batch the sender throws on as failed, without pruning it', async () => {
    const db = new MemoryDb({ deviceTokens: { 1: { a: { token: 'x', updatedAt: 1 } } } });
    const outcome = await sendToRecipients([[{ token: 'x', path: 'deviceTokens/1/a' }]], message, {
      db,
      sender: { sendEach: () => Promise.reject(new Error('quota exceeded')) },
      logger: recordingLogger(),
    });
    expect(outcome).toEqual({ sent: 0, failed: 1, permanent: 0, pruned: 0 });
    expect(db.at('deviceTokens/1/a')).toBeDefined();
  });

  it('splits a batch refused whole to find the junk tokens in it, and prunes only those', async () => {
    const tokens = ['good-1', 'junk-1', 'good-2', 'good-3', 'good-4', 'junk-2', 'good-5', 'good-6'];
    const db = new MemoryDb({
      deviceTokens: Object.fromEntries(
        tokens.map((token) => [token, { 0: { token, updatedAt: 1 } }]),
      ),
    });
    // A sender that refuses a whole request when one token in it is malformed.
    const sender = fakeSender();
    const atomic: PushSender = {
      sendEach: async (messages) =>
        messages.some((m) => m.token.startsWith('junk'))
          ? { results: messages.map(() => refused('messaging/invalid-argument')) }
          : sender.sendEach(messages),
    };
    const outcome = await sendToRecipients(
      [tokens.map((token) => ({ token, path: `deviceTokens/${token}/0` }))],
      message,
      { db, sender: atomic, logger: recordingLogger() },
    );
    expect(outcome).toEqual({ sent: 6, failed: 2, permanent: 2, pruned: 2 });
    expect(Object.keys(db.at('deviceTokens') as object).sort()).toEqual(
      tokens.filter((token) => token.startsWith('good')).sort(),
    );
  });

  it('prunes a batch of junk tokens refused whole once another batch shows the message is good', async () => {
    const junk = Array.from({ length: FCM_BATCH_SIZE }, (_, i) => `junk-${i}`);
    const good = ['good-1', 'good-2'];
    const slot = (token: string) => `deviceTokens/${token}/0`;
    const db = new MemoryDb({
      deviceTokens: Object.fromEntries(
        [...junk, ...good].map((token) => [token, { 0: { token, updatedAt: 1 } }]),
      ),
    });
    const sender = fakeSender((token) =>
      token.startsWith('junk') ? 'messaging/invalid-argument' : undefined,
    );
    const outcome = await sendToRecipients(
      [
        junk.map((token) => ({ token, path: slot(token) })),
        good.map((token) => ({ token, path: slot(token) })),
      ],
      message,
      { db, sender, logger: recordingLogger() },
    );
    expect(outcome).toEqual({
      sent: 2,
      failed: FCM_BATCH_SIZE,
      permanent: FCM_BATCH_SIZE,
      pruned: FCM_BATCH_SIZE,
    });
    expect(Object.keys(db.at('deviceTokens') as object).sort()).toEqual(good);
  });

  it('reads the audience a page at a time: only a page and less than a batch wait', async () => {
    const waitingPeak = { devices: 0 };
    let handedOut = 0;
    const sender = fakeSender();
    const counting: PushSender = {
      sendEach: async (messages) => {
        waitingPeak.devices = Math.max(waitingPeak.devices, handedOut - sent());
        return sender.sendEach(messages);
      },
    };
    const sent = () => sender.batches.flat().length;
    async function* pages() {
      for (let page = 0; page < 40; page++) {
        const devices = Array.from({ length: 130 }, (_, i) => ({ token: `t-${page}-${i}` }));
        handedOut += devices.length;
        yield devices;
      }
    }
    const outcome = await sendToRecipients(pages(), message, {
      db: new MemoryDb(),
      sender: counting,
      logger: recordingLogger(),
    });
    expect(outcome.sent).toBe(40 * 130);
    expect(sender.batches.slice(0, -1).every((batch) => batch.length === FCM_BATCH_SIZE)).toBe(
      true,
    );
    expect(waitingPeak.devices).toBeLessThan(FCM_BATCH_SIZE + 130);
  });

  it('sends nothing to nobody', async () => {
    const sender = fakeSender();
    const outcome = await sendToRecipients([], message, {
      db: new MemoryDb(),
      sender,
      logger: recordingLogger(),
    });
    expect(outcome).toEqual({ sent: 0, failed: 0, permanent: 0, pruned: 0 });
    expect(sender.batches).toEqual([]);
  });
  it('splits only the first batch FCM refuses whole while no device has taken the message', async () => {
    const logger = recordingLogger();
    const calls: number[] = [];
    const refusing: PushSender = {
      sendEach: async (messages) => {
        calls.push(messages.length);
        return { results: messages.map(() => refused('messaging/invalid-argument')) };
      },
    };
    const page = (n: number) =>
      Array.from({ length: FCM_BATCH_SIZE }, (_, i) => ({ token: `t-${n}-${i}` }));
    const outcome = await sendToRecipients([page(1), page(2)], message, {
      db: new MemoryDb(),
      sender: refusing,
      logger,
    });
    const failed = 2 * FCM_BATCH_SIZE;
    expect(outcome).toEqual({
      sent: 0,
      failed,
      permanent: 0,
      pruned: 0,
      error: 'messaging/invalid-argument',
    });
    // The first batch is split down to single tokens (2n - 1 calls); the second goes out once.
    expect(calls).toHaveLength(2 * FCM_BATCH_SIZE - 1 + 1);
    expect(calls.at(-1)).toBe(FCM_BATCH_SIZE);
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        fields: { failed, reason: 'messaging/invalid-argument' },
      }),
    ]);
  });

  it('splits a refused batch whole, every half down to single tokens, before giving up', async () => {
    const calls: string[][] = [];
    const refusing: PushSender = {
      sendEach: async (messages) => {
        calls.push(messages.map((m) => m.token));
        return { results: messages.map(() => refused('messaging/invalid-argument')) };
      },
    };
    const outcome = await sendToRecipients(
      [[{ token: 'a' }, { token: 'b' }, { token: 'c' }, { token: 'd' }]],
      message,
      {
        db: new MemoryDb(),
        sender: refusing,
        logger: recordingLogger(),
      },
    );
    expect(outcome.failed).toBe(4);
    expect(calls).toEqual([
      ['a', 'b', 'c', 'd'],
      ['a', 'b'],
      ['a'],
      ['b'],
      ['c', 'd'],
      ['c'],
      ['d'],
    ]);
  });

  it('sends a batch FCM answers token by token once, pruning only its dead tokens', async () => {
    const db = new MemoryDb({
      deviceTokens: {
        1: { a: { token: 'good', updatedAt: 1 }, b: { token: 'junk', updatedAt: 1 } },
      },
    });
    const sender = fakeSender((token) =>
      token === 'junk' ? 'messaging/invalid-argument' : undefined,
    );
    const outcome = await sendToRecipients(
      [
        [
          { token: 'good', path: 'deviceTokens/1/a' },
          { token: 'junk', path: 'deviceTokens/1/b' },
        ],
      ],
      message,
      { db, sender, logger: recordingLogger() },
    );
    expect(sender.batches).toHaveLength(1);
    expect(outcome).toEqual({ sent: 1, failed: 1, permanent: 1, pruned: 1 });
    expect(Object.keys(db.at('deviceTokens/1') as object)).toEqual(['a']);
  });

  it('does not take a failure for proof that the message is good: a refused token is kept', async () => {
    const db = new MemoryDb({ deviceTokens: { 1: { a: { token: 'junk', updatedAt: 1 } } } });
    const busy = Array.from({ length: FCM_BATCH_SIZE }, (_, i) => ({ token: `busy-${i}` }));
    const sender = fakeSender((token) =>
      token === 'junk' ? 'messaging/invalid-argument' : 'messaging/internal-error',
    );
    const outcome = await sendToRecipients(
      [busy, [{ token: 'junk', path: 'deviceTokens/1/a' }]],
      message,
      { db, sender, logger: recordingLogger() },
    );
    expect(sender.batches.map((batch) => batch.length)).toEqual([FCM_BATCH_SIZE, 1]);
    expect(outcome).toEqual({
      sent: 0,
      failed: FCM_BATCH_SIZE + 1,
      permanent: 0,
      pruned: 0,
      error: 'messaging/invalid-argument',
    });
    expect(db.at('deviceTokens/1/a')).toBeDefined();
  });

  it('treats a token met again on a later page as it went the first time', async () => {
    const first = Array.from({ length: FCM_BATCH_SIZE - 2 }, (_, i) => ({ token: `t-${i}` }));
    const db = new MemoryDb({
      deviceTokens: {
        1: { a: { token: 'gone', updatedAt: 1 }, b: { token: 'fine', updatedAt: 1 } },
        2: { a: { token: 'gone', updatedAt: 1 }, b: { token: 'fine', updatedAt: 1 } },
      },
    });
    const sender = fakeSender((token) =>
      token === 'gone' ? 'messaging/registration-token-not-registered' : undefined,
    );
    const outcome = await sendToRecipients(
      [
        [
          ...first,
          { token: 'gone', path: 'deviceTokens/1/a' },
          { token: 'fine', path: 'deviceTokens/1/b' },
        ],
        [
          { token: 'gone', path: 'deviceTokens/2/a' },
          { token: 'fine', path: 'deviceTokens/2/b' },
          { token: 'gone' },
        ],
      ],
      message,
      { db, sender, logger: recordingLogger() },
    );
    expect(sender.batches.map((batch) => batch.length)).toEqual([FCM_BATCH_SIZE]);
    expect(outcome).toEqual({ sent: FCM_BATCH_SIZE - 1, failed: 1, permanent: 1, pruned: 1 });
    expect(db.at('deviceTokens')).toEqual({
      1: { b: { token: 'fine', updatedAt: 1 } },
      2: { b: { token: 'fine', updatedAt: 1 } },
    });
  });

  it('prunes every place of a token refused before the message proved good', async () => {
    const good = Array.from({ length: FCM_BATCH_SIZE - 1 }, (_, i) => ({ token: `good-${i}` }));
    const db = new MemoryDb({
      deviceTokens: {
        1: { a: { token: 'junk', updatedAt: 1 } },
        2: { a: { token: 'junk', updatedAt: 1 } },
      },
    });
    // Refuses a whole request holding the junk token: its first split reaches it alone before
    // any good half has been accepted.
    const atomic: PushSender = {
      sendEach: async (messages) => ({
        results: messages.map(() =>
          messages.some((m) => m.token === 'junk')
            ? refused('messaging/invalid-argument')
            : { ok: true },
        ),
      }),
    };
    const outcome = await sendToRecipients(
      [
        [{ token: 'junk', path: 'deviceTokens/1/a' }, ...good],
        [{ token: 'junk', path: 'deviceTokens/2/a' }],
      ],
      message,
      { db, sender: atomic, logger: recordingLogger() },
    );
    expect(outcome).toEqual({ sent: FCM_BATCH_SIZE - 1, failed: 1, permanent: 1, pruned: 1 });
    expect(db.at('deviceTokens')).toBeUndefined();
  });

  it('prunes only the stored places of a dead token met without a place too', async () => {
    const db = new MemoryDb({ deviceTokens: { 1: { a: { token: 'gone', updatedAt: 1 } } } });
    const outcome = await sendToRecipients(
      [[{ token: 'gone' }, { token: 'gone', path: 'deviceTokens/1/a' }, { token: 'gone' }]],
      message,
      {
        db,
        sender: fakeSender(() => 'messaging/registration-token-not-registered'),
        logger: recordingLogger(),
      },
    );
    expect(outcome).toEqual({ sent: 0, failed: 1, permanent: 1, pruned: 1 });
    expect(db.updates).toEqual([{ 'deviceTokens/1/a': null }]);
  });

  it('counts a device the sender gives no result for as failed, not sent', async () => {
    const outcome = await sendToRecipients([[{ token: 'a' }, { token: 'b' }]], message, {
      db: new MemoryDb(),
      sender: { sendEach: async () => ({ results: [{ ok: true }] }) },
      logger: recordingLogger(),
    });
    expect(outcome).toEqual({ sent: 1, failed: 1, permanent: 0, pruned: 0 });
  });

  it('logs a batch the sender throws on, with its size and the error', async () => {
    const logger = recordingLogger();
    await sendToRecipients([[{ token: 'x' }, { token: 'y' }]], message, {
      db: new MemoryDb(),
      sender: { sendEach: () => Promise.reject(new Error('quota exceeded')) },
      logger,
    });
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        fields: { size: 2, error: 'Error: quota exceeded' },
      }),
    ]);
  });

  describe('resuming', () => {
    const noted: unknown[] = [];
    const resume = () => {
      noted.length = 0;
      return {
        from: { pages: 0, sent: 0, failed: 0, permanent: 0, pruned: 0 },
        checkpoint: async (progress: unknown) => {
          noted.push(progress);
        },
      };
    };

    it('notes no progress for a push smaller than a batch', async () => {
      const sender = fakeSender();
      const pages = [1, 2, 3].map((n) => [{ token: `a-${n}` }, { token: `b-${n}` }]);
      const outcome = await sendToRecipients(
        pages,
        message,
        { db: new MemoryDb(), sender, logger: recordingLogger() },
        resume(),
      );
      expect(outcome.sent).toBe(6);
      expect(sender.batches.map((batch) => batch.length)).toEqual([6]);
      expect(noted).toEqual([]);
    });

    it('sends everything read before it notes the pages done', async () => {
      const sender = fakeSender();
      const page = Array.from({ length: FCM_BATCH_SIZE + 100 }, (_, i) => ({ token: `t-${i}` }));
      await sendToRecipients(
        [page, [{ token: 'last' }]],
        message,
        { db: new MemoryDb(), sender, logger: recordingLogger() },
        resume(),
      );
      expect(noted).toEqual([
        { pages: 1, sent: FCM_BATCH_SIZE + 100, failed: 0, permanent: 0, pruned: 0 },
      ]);
      expect(sender.batches.map((batch) => batch.length)).toEqual([FCM_BATCH_SIZE, 100, 1]);
    });
  });
});
