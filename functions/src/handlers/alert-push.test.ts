import { describe, expect, it } from 'vitest';
import { alertSchema, deliverySchema, type Alert } from '../contracts/index.js';
import { MemoryDb } from '../testing/memory-db.js';
import { fakeSender } from '../testing/push-fakes.js';
import { recordingLogger } from '../testing/recording-logger.js';
import { pushImage, sendAlert } from './alert-push.js';

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

async function push(alert: Alert, db = world(), fileOrigin?: string) {
  const sender = fakeSender((token) =>
    token.startsWith('invalid-') ? 'messaging/registration-token-not-registered' : undefined,
  );
  const delivery = await sendAlert(
    { alertId: 'x', alert },
    { db, sender, logger: recordingLogger(), now: () => NOW, fileOrigin },
  );
  return { db, delivery, sent: sender.batches.flat() };
}

describe('sendAlert', () => {
  it("sends to every device of one user, with the alert's title and description", async () => {
    const { sent, delivery, db } = await push(
      alertSchema.parse({ ...base, target: 'user', userId: '1' }),
    );
    expect(sent.map((m) => m.token).sort()).toEqual(['one-phone', 'one-tablet']);
    expect(sent[0]?.notification).toEqual({ title: 'Price drop', body: 'Diesel is cheaper today' });
    expect(sent[0]?.data).toEqual({ type: 'alert', alertId: 'x' });
    expect(delivery).toEqual({ sent: 2, failed: 0, at: NOW });
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
    expect(delivery).toEqual({ sent: 3, failed: 1, at: NOW });
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
    expect(delivery).toEqual({ sent: 0, failed: 0, at: NOW });
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
        now: () => NOW,
      },
    );
    expect(delivery).toEqual({ sent: 0, failed: 4, at: NOW, error: 'messaging/invalid-argument' });
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
      'http://127.0.0.1:5050',
    );
    expect(sent[0]?.notification.image).toBe('http://127.0.0.1:5050/storage/3/promo.png');
  });
});

describe('pushImage', () => {
  it('keeps absolute URLs, resolves file-proxy paths to the upstream, drops the rest', () => {
    expect(pushImage('https://cdn.test/a.png', undefined)).toBe('https://cdn.test/a.png');
    expect(pushImage('/api/files/storage/1/a.png', 'https://api.test')).toBe(
      'https://api.test/storage/1/a.png',
    );
    expect(pushImage('/api/files/storage/1/a.png', undefined)).toBeUndefined();
    expect(pushImage('', 'https://api.test')).toBeUndefined();
    expect(pushImage('javascript:alert(1)', 'https://api.test')).toBeUndefined();
  });
});
