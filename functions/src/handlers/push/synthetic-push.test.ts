import { describe, expect, it } from 'vitest';
import { alertSchema, pushCountSchema } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { fakeChunkQueue } from '../../testing/chunk-queue.js';
import { fakeSender } from '../../testing/push-fakes.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { sendAlert, sendAlertChunk } from './alert-push.js';
import type { PushMessage } from './push.js';
import {
  alertPushPorts,
  syntheticToken,
  syntheticTokens,
  SYNTHETIC_TOKENS_VAR,
  withSyntheticDevices,
} from './synthetic-push.js';

const RSS = 123_456_789;
const real = (db = new MemoryDb()) => {
  const sender = fakeSender();
  return { db, realSender: sender, ports: { db, sender: () => sender, rss: () => RSS } };
};
const message = (token: string): PushMessage => ({
  token,
  notification: { title: 'T', body: 'B' },
  data: { type: 'alert', alertId: 'a' },
});

describe('the synthetic audience outside the Functions emulator', () => {
  it.each([
    { [SYNTHETIC_TOKENS_VAR]: '1000000' },
    { [SYNTHETIC_TOKENS_VAR]: '1000000', FUNCTIONS_EMULATOR: 'false' },
    { [SYNTHETIC_TOKENS_VAR]: '1000000', FUNCTIONS_EMULATOR: '1' },
    { [SYNTHETIC_TOKENS_VAR]: 'nonsense' },
  ])('is ignored: the real database and sender are wired (%o)', async (env) => {
    expect(syntheticTokens(env)).toBeUndefined();
    const { db, realSender, ports } = real(
      new MemoryDb({ deviceTokens: { 9: { 0: { token: 'phone', updatedAt: 1 } } } }),
    );
    const wired = alertPushPorts(env, ports);
    expect(wired.db).toBe(db);
    expect(wired.sender).toBe(realSender);
  });
});

describe('the synthetic audience in the Functions emulator', () => {
  const emulator = (tokens: string) => ({
    FUNCTIONS_EMULATOR: 'true',
    [SYNTHETIC_TOKENS_VAR]: tokens,
  });

  it('is off unless the variable is set, and refuses a value that is not a count', () => {
    expect(syntheticTokens({ FUNCTIONS_EMULATOR: 'true' })).toBeUndefined();
    expect(syntheticTokens(emulator(''))).toBeUndefined();
    expect(syntheticTokens(emulator('25'))).toBe(25);
    for (const bad of ['0', '-1', '1e6', '10 000', 'all']) {
      expect(() => syntheticTokens(emulator(bad))).toThrow(SYNTHETIC_TOKENS_VAR);
    }
  });

  it('pages generated users of two devices in key order, and every other path from the database', async () => {
    const db = withSyntheticDevices(new MemoryDb({ users: { 1: { name: 'kept' } } }), 5);
    const first = await db.page('deviceTokens', { limit: 2 });
    expect(first).toEqual([
      [
        '1',
        {
          0: { token: syntheticToken(0), updatedAt: 1 },
          1: { token: syntheticToken(1), updatedAt: 1 },
        },
      ],
      [
        '2',
        {
          0: { token: syntheticToken(2), updatedAt: 1 },
          1: { token: syntheticToken(3), updatedAt: 1 },
        },
      ],
    ]);
    expect(await db.page('deviceTokens', { after: '2', limit: 2 })).toEqual([
      ['3', { 0: { token: syntheticToken(4), updatedAt: 1 } }],
    ]);
    expect(await db.page('deviceTokens', { after: '3', limit: 2 })).toEqual([]);
    expect(await db.page('deviceTokens', { after: 'someone', limit: 2 })).toEqual([]);
    expect(await db.get('users/1/name')).toBe('kept');
    expect(await db.page('users', { limit: 2 })).toEqual([['1', { name: 'kept' }]]);
    await db.transaction('pushClaims/alert/a1', () => ({ state: 'done' }));
    expect(await db.get('pushClaims/alert/a1')).toEqual({ state: 'done' });
    expect(db.pushKey('outbox')).toMatch(/^-push/);
    expect(syntheticToken(7)).toBe(syntheticToken(7));
    expect(syntheticToken(7)).not.toBe(syntheticToken(8));
  });

  it('counts each call in pushCounts instead of sending it, and sends nothing through the real sender', async () => {
    const { db, realSender, ports } = real();
    const wired = alertPushPorts(emulator('10'), ports);
    const { results } = await wired.sender.sendEach([message('a'), message('b'), message('c')]);
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(realSender.batches).toEqual([]);
    const counts = Object.values(db.at('pushCounts') as object).map((c) =>
      pushCountSchema.parse(c),
    );
    expect(counts).toEqual([{ tokens: 3, rss: RSS }]);
    expect(db.at('outbox')).toBeUndefined();
  });

  it('fans an alert to everyone out over the generated audience, in chunks, each token once', async () => {
    const { db, ports } = real(new MemoryDb());
    const wired = alertPushPorts(emulator('2500'), ports);
    const alert = alertSchema.parse({
      notificationId: 'x',
      title: 'T',
      description: 'D',
      image: '',
      userName: 'All Users',
      timeStamp: 1,
      target: 'all',
    });
    const queue = fakeChunkQueue();
    let invocation = 0;
    const deps = () => ({
      ...wired,
      logger: recordingLogger(),
      now: () => 1,
      invocation: `run-${++invocation}`,
      takeoverMs: 540_000,
      chunkUsers: 500,
      queue,
    });
    let delivery = await sendAlert({ alertId: 'x', alert }, deps());
    for (let chunk = queue.next(); chunk !== undefined; chunk = queue.next()) {
      delivery = await sendAlertChunk({ ...chunk, alert }, deps());
    }
    expect(queue.enqueued.map((c) => c.index)).toEqual([1, 2]);
    expect(delivery).toEqual({
      sent: 2500,
      failed: 0,
      at: 1,
      devices: 2500,
      transient: 0,
      permanent: 0,
      pruned: 0,
    });
    const counts = Object.values(db.at('pushCounts') as object).map((c) =>
      pushCountSchema.parse(c),
    );
    expect(counts.reduce((sum, c) => sum + c.tokens, 0)).toBe(2500);
    expect(Math.max(...counts.map((c) => c.tokens))).toBe(500);
    expect(db.at('deviceTokens')).toBeUndefined();
  });
});
