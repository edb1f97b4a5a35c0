import { describe, expect, it } from 'vitest';
import { alertSchema, deliverySchema, type Alert } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { fakeSender } from '../../testing/push-fakes.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { fakeChunkQueue } from '../../testing/chunk-queue.js';
import type { FileBases } from '../../contracts/index.js';
import { alertChunkSchema, pushImage, sendAlert, sendAlertChunk } from './alert-push.js';
import { PushClaimedError } from './push-claims.js';

const NOW = 1_750_000_000_000;
const base = {
  notificationId: 'n1',
  title: 'Price drop',
  description: 'Diesel is cheaper today',
  image: '',
  userName: 'All Users',
  timeStamp: 1,
};
const entry = (token: string) => ({ token, updatedAt: 1 });
const TAKEOVER_MS = 540_000;
/** A delivery record's counts: by default every failure transient and nothing pruned. */
const counts = (sent: number, failed: number, dead = { permanent: 0, pruned: 0 }) => ({
  sent,
  failed,
  devices: sent + failed,
  transient: failed - dead.permanent,
  ...dead,
});
let invocations = 0;
/** A fresh invocation of the trigger, as a redelivered event gets. */
const once = (now = NOW, queue = fakeChunkQueue(), chunkUsers = 10_000) => ({
  now: () => now,
  invocation: `run-${++invocations}`,
  takeoverMs: TAKEOVER_MS,
  chunkUsers,
  queue,
});

function world() {
  return new MemoryDb({
    deviceTokens: {
      1: { 0: entry('one-phone'), 1: entry('one-tablet') },
      2: { 0: entry('two-phone') },
      3: { 0: entry('invalid-three') },
    },
    groups: { 7: { members: { 1: true, 3: true } } },
    notificationsAlert: { x: { ...base, target: 'all' } },
  });
}

async function push(alert: Alert, db = world(), fileBases?: FileBases) {
  const sender = fakeSender((token) =>
    token.startsWith('invalid-') ? 'messaging/registration-token-not-registered' : undefined,
  );
  const delivery = await sendAlert(
    { alertId: 'x', alert },
    { db, sender, logger: recordingLogger(), fileBases, ...once() },
  );
  return { db, delivery, sent: sender.batches.flat() };
}

describe('sendAlert', () => {
  it("sends to every device of one user, with the alert's title and description", async () => {
    const { sent, delivery, db } = await push(
      alertSchema.parse({ ...base, target: 'user', userId: '1' }),
    );
    expect(sent.map((m) => m.token).sort()).toEqual(['one-phone', 'one-tablet']);
    // No image key at all: FCM refuses an undefined one.
    expect(sent[0]?.notification).toStrictEqual({
      title: 'Price drop',
      body: 'Diesel is cheaper today',
    });
    expect(sent[0]?.data).toEqual({ type: 'alert', alertId: 'x' });
    expect(delivery).toEqual({ ...counts(2, 0), at: NOW });
    expect(deliverySchema.parse(db.at('notificationsAlert/x/delivery'))).toEqual(delivery);
  });

  it('sends to every device of everyone, prunes the dead one, records the delivery', async () => {
    const { sent, delivery, db } = await push(alertSchema.parse({ ...base, target: 'all' }));
    expect(sent.map((m) => m.token).sort()).toEqual([
      'invalid-three',
      'one-phone',
      'one-tablet',
      'two-phone',
    ]);
    expect(delivery).toEqual({ ...counts(3, 1, { permanent: 1, pruned: 1 }), at: NOW });
    expect(db.at('deviceTokens/3')).toBeUndefined();
    expect(db.at('notificationsAlert/x/delivery')).toEqual(delivery);
    expect(db.at('notificationsAlert/x/title')).toBe('Price drop');
  });

  it("sends to the devices of a group's members only", async () => {
    const { sent } = await push(alertSchema.parse({ ...base, target: 'group', groupId: '7' }));
    expect(sent.map((m) => m.token).sort()).toEqual(['invalid-three', 'one-phone', 'one-tablet']);
  });

  it('records a delivery of nothing for a user with no device', async () => {
    const { sent, delivery } = await push(
      alertSchema.parse({ ...base, target: 'user', userId: '99' }),
    );
    expect(sent).toEqual([]);
    expect(delivery).toEqual({ ...counts(0, 0), at: NOW });
  });

  it('sends to at most the ten device slots of a user, whatever else is stored beside them', async () => {
    const db = world();
    const stored = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [
        i < 10 ? String(i) : `extra-${i}`,
        entry(`flood-${i}`),
      ]),
    );
    await db.update({ 'deviceTokens/9': stored });
    const { sent } = await push(alertSchema.parse({ ...base, target: 'all' }), db);
    expect(sent.filter((m) => m.token.startsWith('flood-'))).toHaveLength(10);
  });

  it('records FCM’s reason when it refuses the message for every device, and prunes nothing', async () => {
    const db = world();
    const delivery = await sendAlert(
      { alertId: 'x', alert: alertSchema.parse({ ...base, target: 'all' }) },
      {
        db,
        sender: fakeSender(() => 'messaging/invalid-argument'),
        logger: recordingLogger(),
        ...once(),
      },
    );
    expect(delivery).toEqual({
      ...counts(0, 4),
      at: NOW,
      error: 'messaging/invalid-argument',
    });
    expect(db.at('notificationsAlert/x/delivery')).toEqual(delivery);
    expect(Object.keys(db.at('deviceTokens') as object)).toEqual(['1', '2', '3']);
  });

  it('sends the image when there is one', async () => {
    const { sent } = await push(
      alertSchema.parse({
        ...base,
        image: '/api/files/storage/3/promo.png',
        target: 'user',
        userId: '2',
      }),
      world(),
      [new URL('http://127.0.0.1:5050/storage')],
    );
    expect(sent[0]?.notification.image).toBe('http://127.0.0.1:5050/storage/3/promo.png');
  });
});

/** 1 200 users with one device each: three pages of the audience (500, 500, 200 users). */
function crowd(): MemoryDb {
  const tokens = Object.fromEntries(
    Array.from({ length: 1200 }, (_, i) => [String(i + 1), { 0: entry(`crowd-${i + 1}`) }]),
  );
  return new MemoryDb({ deviceTokens: tokens });
}

/** A database whose read of the audience's `failAt`-th page fails (the first time only). */
class FailingPageDb extends MemoryDb {
  private reads = 0;
  constructor(private readonly failAt: number) {
    super(crowd().at('') as Record<string, unknown>);
  }
  override async page(path: string, options: { after?: string; limit: number }) {
    if (path === 'deviceTokens' && ++this.reads === this.failAt)
      throw new Error('the database went away');
    return super.page(path, options);
  }
}

const toAll = alertSchema.parse({ ...base, target: 'all' });

async function deliver(db: MemoryDb, now = NOW) {
  const sender = fakeSender();
  const delivery = sendAlert(
    { alertId: 'x', alert: toAll },
    { db, sender, logger: recordingLogger(), ...once(now) },
  );
  return { delivery, sent: () => sender.batches.flat().map((m) => m.token) };
}

describe('sendAlert when its event arrives more than once', () => {
  it('sends nothing the second time and keeps the first delivery record', async () => {
    const db = crowd();
    const first = await deliver(db);
    expect(await first.delivery).toEqual({ ...counts(1200, 0), at: NOW });
    const again = await deliver(db, NOW + 60_000);
    expect(await again.delivery).toBeUndefined();
    expect(again.sent()).toEqual([]);
    expect(db.at('notificationsAlert/x/delivery')).toEqual({ ...counts(1200, 0), at: NOW });
  });

  it('resumes after a failure midway without sending any device twice', async () => {
    const db = new FailingPageDb(3);
    const first = await deliver(db);
    await expect(first.delivery).rejects.toThrow('the database went away');
    expect(first.sent()).toHaveLength(1000);
    expect(db.at('notificationsAlert/x/delivery')).toBeUndefined();

    const retry = await deliver(db, NOW + 1000);
    expect(await retry.delivery).toEqual({ ...counts(1200, 0), at: NOW + 1000 });
    const everySend = [...first.sent(), ...retry.sent()];
    expect(everySend).toHaveLength(1200);
    expect(new Set(everySend).size).toBe(1200);
  });

  it('leaves a push that another invocation is sending to it, and takes over once it is stale', async () => {
    const db = crowd();
    // What an invocation that crashed after its first two pages leaves behind.
    const crashed = { state: 'sending', at: NOW, by: 'crashed', pages: 2, sent: 1000 };
    await db.update({ 'pushClaims/alertChunks/x/0': { ...crashed, failed: 0, pruned: 0 } });

    const early = await deliver(db, NOW + 1000);
    await expect(early.delivery).rejects.toThrow(PushClaimedError);
    expect(early.sent()).toEqual([]);

    const late = await deliver(db, NOW + TAKEOVER_MS);
    expect(await late.delivery).toEqual({ ...counts(1200, 0), at: NOW + TAKEOVER_MS });
    expect(late.sent()).toEqual(Array.from({ length: 200 }, (_, i) => `crowd-${1001 + i}`));
  });
});

describe('sendAlert to everyone above the chunk size', () => {
  /** The alert's trigger, then every chunk it queues, each as its own invocation. */
  async function fanOut(db: MemoryDb, runTwice = false) {
    const queue = fakeChunkQueue();
    const sender = fakeSender();
    const deps = () => ({ db, sender, logger: recordingLogger(), ...once(NOW, queue, 500) });
    const deliveries = [await sendAlert({ alertId: 'x', alert: toAll }, deps())];
    for (let chunk = queue.next(); chunk !== undefined; chunk = queue.next()) {
      deliveries.push(await sendAlertChunk({ ...chunk, alert: toAll }, deps()));
      if (runTwice) deliveries.push(await sendAlertChunk({ ...chunk, alert: toAll }, deps()));
    }
    return { queue, deliveries, sent: sender.batches.flat().map((m) => m.token) };
  }

  it('sends the first chunk itself, queues the rest, and sums the chunks in the delivery record', async () => {
    const db = crowd();
    const { queue, deliveries, sent } = await fanOut(db);
    expect(queue.enqueued).toEqual([
      { alertId: 'x', index: 1, after: '500' },
      { alertId: 'x', index: 2, after: '1000' },
    ]);
    expect(deliveries.map((d) => d?.sent)).toEqual([500, 1000, 1200]);
    expect(sent).toHaveLength(1200);
    expect(new Set(sent).size).toBe(1200);
    const chunks = Object.values(db.at('pushClaims/alertChunks/x') as object) as {
      sent: number;
      failed: number;
    }[];
    expect(chunks.map((c) => c.sent)).toEqual([500, 500, 200]);
    expect(db.at('notificationsAlert/x/delivery')).toEqual({
      ...counts(
        chunks.reduce((sum, c) => sum + c.sent, 0),
        chunks.reduce((sum, c) => sum + c.failed, 0),
      ),
      at: NOW,
    });
  });

  it('sends nothing twice and queues no chunk twice when a chunk task arrives again', async () => {
    const db = crowd();
    const { queue, deliveries, sent } = await fanOut(db, true);
    expect(queue.enqueued.map((c) => c.index)).toEqual([1, 2]);
    expect(deliveries.map((d) => d?.sent)).toEqual([500, 1000, undefined, 1200, undefined]);
    expect(new Set(sent).size).toBe(sent.length);
    expect(db.at('notificationsAlert/x/delivery')).toEqual({ ...counts(1200, 0), at: NOW });
  });
});

describe('pushImage', () => {
  const api = [new URL('https://api.test/storage')];
  it('keeps absolute URLs, resolves file-proxy paths to the upstream, drops the rest', () => {
    expect(pushImage('https://cdn.test/a.png', undefined)).toBe('https://cdn.test/a.png');
    expect(pushImage('/api/files/storage/1/a.png', api)).toBe('https://api.test/storage/1/a.png');
    expect(pushImage('/api/files/storage/1/a.png', undefined)).toBeUndefined();
    expect(pushImage('', api)).toBeUndefined();
    expect(pushImage('javascript:alert(1)', api)).toBeUndefined();
    expect(pushImage('HTTP://cdn.test/a.png', undefined)).toBe('HTTP://cdn.test/a.png');
    expect(pushImage('see https://cdn.test/a.png', api)).toBeUndefined();
  });

  it('resolves a second file base by its folder, and no folder past the last', () => {
    const two = [...api, new URL('https://cdn.test/public/uploads')];
    expect(pushImage('/api/files/storage2/1/a.png', two)).toBe(
      'https://cdn.test/public/uploads/1/a.png',
    );
    expect(pushImage('/api/files/storage3/1/a.png', two)).toBeUndefined();
  });
});

describe('what sendAlert logs and records', () => {
  it('logs the outcome of an alert it pushed, and nothing of one already pushed', async () => {
    const db = world();
    const alert = alertSchema.parse({ ...base, target: 'user', userId: '1' });
    const logger = recordingLogger();
    await sendAlert({ alertId: 'x', alert }, { db, sender: fakeSender(), logger, ...once() });
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'info',
        fields: { alertId: 'x', target: 'user', sent: 2, failed: 0, permanent: 0, pruned: 0 },
      }),
    ]);
    expect(db.at('pushClaims/alert/x')).toMatchObject({ state: 'done', sent: 2 });
    const again = recordingLogger();
    await sendAlert(
      { alertId: 'x', alert },
      { db, sender: fakeSender(), logger: again, ...once() },
    );
    expect(again.lines.filter((line) => 'alertId' in line.fields)).toEqual([]);
  });

  it('logs each chunk it pushed with its index, and nothing of a chunk already pushed', async () => {
    const db = world();
    const logger = recordingLogger();
    const chunk = { alertId: 'x', alert: toAll, index: 1, after: '1' };
    await sendAlertChunk(chunk, { db, sender: fakeSender(), logger, ...once() });
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'info',
        fields: expect.objectContaining({
          alertId: 'x',
          target: 'all',
          chunk: 1,
          sent: 2,
        }) as unknown,
      }),
    ]);
    const again = recordingLogger();
    await sendAlertChunk(chunk, { db, sender: fakeSender(), logger: again, ...once() });
    expect(again.lines.filter((line) => 'alertId' in line.fields)).toEqual([]);
  });

  it('sums only the chunks done, not one another invocation is still sending', async () => {
    const db = world();
    await db.update({
      'pushClaims/alertChunks/x/2': {
        state: 'sending',
        at: NOW,
        by: 'other',
        pages: 1,
        sent: 77,
        failed: 5,
        pruned: 0,
      },
    });
    const delivery = await sendAlertChunk(
      { alertId: 'x', alert: toAll, index: 1, after: '1' },
      { db, sender: fakeSender(), logger: recordingLogger(), ...once() },
    );
    expect(delivery).toEqual({ ...counts(2, 0), at: NOW });
  });

  it("keeps FCM's reason only while no chunk reached a device, and leaves no empty reason", async () => {
    const done = (sent: number, error?: string) => ({
      state: 'done',
      at: NOW,
      by: 'earlier',
      pages: 1,
      sent,
      failed: 4,
      pruned: 0,
      ...(error === undefined ? {} : { error }),
    });
    const refused = 'messaging/invalid-argument';
    const chunk = { alertId: 'x', alert: toAll, index: 2, after: '3' };
    const run = () =>
      sendAlertChunk(chunk, { db, sender: fakeSender(), logger: recordingLogger(), ...once() });

    // Chunk 2 reaches nobody (user 3 is past the last key with a device left): sent 0.
    let db = world();
    await db.update({ 'pushClaims/alertChunks/x': { 0: done(0), 1: done(0, refused) } });
    expect(await run()).toEqual({ ...counts(0, 8), at: NOW, error: refused });

    db = world();
    await db.update({ 'pushClaims/alertChunks/x': { 0: done(3), 1: done(0, refused) } });
    const delivery = await run();
    expect(delivery).toEqual({ ...counts(3, 8), at: NOW });
    expect(Object.keys(delivery ?? {}).sort()).toEqual([
      'at',
      'devices',
      'failed',
      'permanent',
      'pruned',
      'sent',
      'transient',
    ]);
  });
});

describe('the delivery record of an alert', () => {
  it('names the group of a group send, with the name it was sent under', async () => {
    const db = world();
    const alert = alertSchema.parse({
      ...base,
      target: 'group',
      groupId: 'g1',
      userName: 'Drivers',
    });
    const delivery = await sendAlert(
      { alertId: 'x', alert },
      { db, sender: fakeSender(), logger: recordingLogger(), ...once() },
    );
    expect(delivery?.group).toEqual({ id: 'g1', name: 'Drivers' });
    expect(deliverySchema.parse(db.at('notificationsAlert/x/delivery'))).toEqual(delivery);
  });

  it('sums the transient and permanent failures and the pruned tokens of every chunk', async () => {
    const db = world();
    const done = (sent: number, failed: number, permanent: number, pruned: number) => ({
      state: 'done',
      at: NOW,
      by: 'earlier',
      pages: 1,
      sent,
      failed,
      permanent,
      pruned,
    });
    await db.update({ 'pushClaims/alertChunks/x': { 0: done(10, 3, 1, 1), 1: done(5, 4, 4, 2) } });
    const delivery = await sendAlertChunk(
      { alertId: 'x', alert: toAll, index: 2, after: '3' },
      { db, sender: fakeSender(), logger: recordingLogger(), ...once() },
    );
    expect(delivery).toEqual({
      ...counts(15, 7, { permanent: 5, pruned: 3 }),
      at: NOW,
    });
    expect(delivery?.transient).toBe(2);
    expect(delivery?.group).toBeUndefined();
  });

  it('reads a delivery record written before the details were kept', () => {
    expect(deliverySchema.parse({ sent: 3, failed: 1, at: NOW })).toEqual({
      sent: 3,
      failed: 1,
      at: NOW,
    });
  });
});

describe('alertChunkSchema', () => {
  it('takes ids and keys up to their length limits, and no empty ones', () => {
    const chunk = { alertId: 'a'.repeat(128), index: 1, after: 'k'.repeat(768) };
    expect(alertChunkSchema.parse(chunk)).toEqual(chunk);
    for (const bad of [
      { ...chunk, alertId: '' },
      { ...chunk, alertId: 'a'.repeat(129) },
      { ...chunk, after: '' },
      { ...chunk, after: 'k'.repeat(769) },
      { ...chunk, index: 0 },
      { alertId: 'a', index: 1 },
    ]) {
      expect(alertChunkSchema.safeParse(bad).success).toBe(false);
    }
  });
});
