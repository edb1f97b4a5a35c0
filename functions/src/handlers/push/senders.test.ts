import type { BatchResponse, Message } from 'firebase-admin/messaging';
import { describe, expect, it } from 'vitest';
import { outboxEntrySchema } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import type { PushMessage } from './push.js';
import { createFcmSender, createRecordingSender } from './senders.js';

const messages: PushMessage[] = [
  {
    token: 'phone',
    notification: { title: 'T', body: 'B', image: 'https://x.test/a.png' },
    data: { type: 'alert', alertId: 'a1' },
  },
  {
    token: 'invalid-old-phone',
    notification: { title: 'T', body: 'B' },
    data: { type: 'alert', alertId: 'a1' },
  },
];

describe('createFcmSender', () => {
  it('reads a failure FCM gives no code for as an unknown error, not a dead token', async () => {
    const sender = createFcmSender({
      sendEach: async () =>
        ({ successCount: 0, failureCount: 1, responses: [{ success: false }] }) as BatchResponse,
    });
    const { results } = await sender.sendEach(messages.slice(0, 1));
    expect(results).toEqual([{ ok: false, error: { code: 'messaging/unknown-error' } }]);
  });

  it("sends through the Admin SDK's sendEach and reads its per-message outcome", async () => {
    const calls: Message[][] = [];
    const sender = createFcmSender({
      sendEach: async (batch) => {
        calls.push(batch);
        return {
          successCount: 1,
          failureCount: 1,
          responses: [
            { success: true, messageId: 'projects/p/messages/1' },
            { success: false, error: { code: 'messaging/registration-token-not-registered' } },
          ],
        } as BatchResponse;
      },
    });
    const { results } = await sender.sendEach(messages);
    expect(results).toEqual([
      { ok: true },
      { ok: false, error: { code: 'messaging/registration-token-not-registered' } },
    ]);
    expect(calls[0]?.[0]).toEqual({
      token: 'phone',
      notification: { title: 'T', body: 'B', imageUrl: 'https://x.test/a.png' },
      data: { type: 'alert', alertId: 'a1' },
      android: { notification: { sound: 'default' } },
      apns: { payload: { aps: { sound: 'default' } } },
    });
    expect(calls[0]?.[1]).toMatchObject({ notification: { title: 'T', body: 'B' } });
    expect(calls[0]?.[1]?.notification).not.toHaveProperty('imageUrl');
  });
});

describe('createRecordingSender', () => {
  it('records each message in the outbox and reports invalid- tokens unregistered', async () => {
    const db = new MemoryDb();
    const { results } = await createRecordingSender(db, () => 42).sendEach(messages);
    expect(results).toEqual([
      { ok: true },
      { ok: false, error: { code: 'messaging/registration-token-not-registered' } },
    ]);
    const outbox = Object.values(db.at('outbox') as object).map((value) =>
      outboxEntrySchema.parse(value),
    );
    expect(outbox).toEqual([
      {
        token: 'phone',
        notification: { title: 'T', body: 'B', image: 'https://x.test/a.png' },
        data: { type: 'alert', alertId: 'a1' },
        at: 42,
      },
      {
        token: 'invalid-old-phone',
        notification: { title: 'T', body: 'B' },
        data: { type: 'alert', alertId: 'a1' },
        at: 42,
      },
    ]);
    expect(db.updates).toHaveLength(1);
  });
});
