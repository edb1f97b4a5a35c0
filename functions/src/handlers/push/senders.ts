import type { BatchResponse, Message } from 'firebase-admin/messaging';
import { outboxEntrySchema, paths, type OutboxEntry } from '../../contracts/index.js';
import type { Clock, Db } from '../ports.js';
import type { PushSender, SendResult } from './push.js';

/** The Admin SDK's messaging client, as far as sending goes. */
export interface MessagingClient {
  sendEach(messages: Message[]): Promise<BatchResponse>;
}

/** Production: FCM HTTP v1 through the Admin SDK, with the default sound the original used. */
export function createFcmSender(messaging: MessagingClient): PushSender {
  return {
    async sendEach(messages) {
      const { responses } = await messaging.sendEach(
        messages.map(({ token, notification, data }) => ({
          token,
          notification: {
            title: notification.title,
            body: notification.body,
            ...(notification.image === undefined ? {} : { imageUrl: notification.image }),
          },
          data,
          android: { notification: { sound: 'default' } },
          apns: { payload: { aps: { sound: 'default' } } },
        })),
      );
      return {
        results: responses.map((response): SendResult =>
          response.success
            ? { ok: true }
            : { ok: false, error: { code: response.error?.code ?? 'messaging/unknown-error' } },
        ),
      };
    },
  };
}

/** The emulator's stand-in for a token FCM no longer knows (see functions/README.md). */
export const RECORDED_DEAD_TOKEN_PREFIX = 'invalid-';

/**
 * Emulators: FCM needs Google's servers, so each message is recorded at RTDB outbox/{pushId}
 * (outboxEntrySchema) instead, one multi-path write per batch. Every token counts as sent,
 * except those starting with `invalid-`, reported unregistered so pruning runs locally too.
 */
export function createRecordingSender(db: Db, now: Clock): PushSender {
  return {
    async sendEach(messages) {
      const at = now();
      const writes: Record<string, OutboxEntry> = {};
      for (const { token, notification, data } of messages) {
        writes[`${paths.outbox()}/${db.pushKey(paths.outbox())}`] = outboxEntrySchema.parse({
          token,
          notification,
          data,
          at,
        });
      }
      await db.update(writes);
      return {
        results: messages.map(({ token }): SendResult =>
          token.startsWith(RECORDED_DEAD_TOKEN_PREFIX)
            ? { ok: false, error: { code: 'messaging/registration-token-not-registered' } }
            : { ok: true },
        ),
      };
    },
  };
}
