import { alertSchema, chatMessageSchema, paths } from '../contracts/index.js';
import { countAlert, countChatMessage, type CountDeps } from './counts/index.js';
import {
  alertChunkSchema,
  sendAlert,
  sendAlertChunk,
  type AlertPushDeps,
  sendChatPush,
  type ClaimDeps,
  type PushDeps,
} from './push/index.js';
import { recordAlert, recordScheduledChange, type ScheduledWrite } from './audit/index.js';
import { indexChatUploads } from './chat/index.js';
import type { Db } from './ports.js';

/**
 * What the database and task triggers do with an event, apart from the platform: each takes the
 * event's parameters and raw value, and its ports. The triggers in ../triggers only wire these.
 */

export type ChatCreatedDeps = PushDeps & ClaimDeps;

/**
 * A new chat message: its uploads are indexed, it is counted, then pushed. Counted before the
 * push, which may take long or fail and be retried. A value that is not a chat message is
 * neither counted nor pushed.
 */
export async function onChatMessageCreated(
  event: { groupId: string; messageId: string; value: unknown },
  deps: ChatCreatedDeps,
): Promise<void> {
  const { groupId, messageId } = event;
  const message = chatMessageSchema.safeParse(event.value);
  if (!message.success) {
    deps.logger.warn('A chat message that is not a chat message was not pushed', {
      groupId,
      messageId,
      issues: message.error.issues,
    });
    return;
  }
  await indexChatUploads({ groupId, messageId, message: message.data }, true, deps.db);
  await countChatMessage({ groupId, messageId, change: 'created' }, deps);
  await sendChatPush({ groupId, messageId, message: message.data }, deps);
}

/**
 * A deleted chat message no longer names its uploads, whoever deleted it, and leaves its group's
 * count. Only values that were chat messages count, as on creation.
 */
export async function onChatMessageDeleted(
  event: { groupId: string; messageId: string; value: unknown },
  deps: CountDeps,
): Promise<void> {
  const { groupId, messageId } = event;
  const message = chatMessageSchema.safeParse(event.value);
  if (!message.success) return;
  await indexChatUploads({ groupId, messageId, message: message.data }, null, deps.db);
  await countChatMessage({ groupId, messageId, change: 'deleted' }, deps);
}

/**
 * Who wrote a database event's value, for the audit log: an app user's uid (the rules let only
 * an admin with a live session create an alert), never the Admin SDK or an unauthenticated
 * writer, which have no uid to record.
 */
export function eventWriter(event: { authType: string; authId?: string }): string | undefined {
  return event.authType === 'app_user' ? event.authId : undefined;
}

export interface AlertCreatedDeps extends AlertPushDeps {
  /** The real database, for the audit log: `db` may be a generated audience over it. */
  auditDb: Db;
}

/**
 * A new alert: counted, whatever its shape (the history pages by this count), then recorded in
 * the audit log under the admin who wrote it, then pushed. Both happen before the push, which
 * may take long or fail and be retried.
 */
export async function onAlertCreated(
  event: { alertId: string; value: unknown; authId: string | undefined },
  deps: AlertCreatedDeps,
): Promise<void> {
  const { alertId, authId } = event;
  await countAlert({ alertId, change: 'created' }, deps);
  const alert = alertSchema.safeParse(event.value);
  if (!alert.success) {
    deps.logger.warn('An alert that is not an alert was not pushed', {
      alertId,
      issues: alert.error.issues,
    });
    return;
  }
  await recordAlert(
    { alertId, alert: alert.data, authId },
    { db: deps.auditDb, now: deps.now, logger: deps.logger },
  );
  await sendAlert({ alertId, alert: alert.data }, deps);
}

/**
 * A deleted alert leaves the history's count, whoever deleted it, and its deletion is recorded
 * in the audit log under the admin who deleted it (a value that was no alert only leaves the
 * count).
 */
export async function onAlertDeleted(
  event: { alertId: string; value: unknown; authId: string | undefined },
  deps: CountDeps & { auditDb: Db; logger: AlertPushDeps['logger'] },
): Promise<void> {
  const { alertId, authId } = event;
  await countAlert({ alertId, change: 'deleted' }, deps);
  const alert = alertSchema.safeParse(event.value);
  if (!alert.success) return;
  await recordAlert(
    { alertId, alert: alert.data, authId, change: 'deleted' },
    { db: deps.auditDb, now: deps.now, logger: deps.logger },
  );
}

/** A send scheduled for later was written: an admin's change to it goes in the audit log. */
export async function onScheduledAlertWritten(
  event: ScheduledWrite,
  deps: { db: Db; logger: AlertPushDeps['logger'] },
): Promise<void> {
  await recordScheduledChange(event, deps);
}

/**
 * A chunk of an alert to everyone, from the task queue. A task that is not a chunk, or whose
 * alert is gone, is dropped with a log line (retrying it could not help); anything else that
 * fails is thrown, for the queue to try again.
 */
export async function onAlertChunkTask(data: unknown, deps: AlertPushDeps): Promise<void> {
  const chunk = alertChunkSchema.safeParse(data);
  if (!chunk.success) {
    deps.logger.error('A task that is not an alert chunk was dropped', {
      issues: chunk.error.issues,
    });
    return;
  }
  const { alertId } = chunk.data;
  const alert = alertSchema.safeParse(await deps.db.get(`${paths.alerts()}/${alertId}`));
  if (!alert.success) {
    deps.logger.warn('The alert of a chunk is gone or not an alert; the chunk was not sent', {
      alertId,
    });
    return;
  }
  await sendAlertChunk({ ...chunk.data, alert: alert.data }, deps);
}
