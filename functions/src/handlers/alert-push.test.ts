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
      1: { a: entry('one-phone'), b: entry('one-tablet') },
      2: { c: entry('two-phone') },
      3: { d: entry('invalid-three') },
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
