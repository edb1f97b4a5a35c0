import {
  alertSchema,
  paths,
  scheduledAlertSchema,
  scheduledPaths,
  type Alert,
  type ScheduledAlert,
} from '../contracts/index.js';
import { recordAlert } from './audit.js';
import type { Clock, Db, Logger } from './ports.js';

export interface ScheduledDeps {
  db: Db;
  now: Clock;
  logger: Logger;
  /** The entries of scheduledAlerts whose status is `pending`, as [key, raw value]. */
  pending: () => Promise<[string, unknown][]>;
}

/**
 * One tick of the schedule: every pending entry whose time has come is claimed in a transaction
 * (pending → sent, naming the alert it becomes), and only the run whose claim committed writes
 * the alert to notificationsAlert, where the alert trigger pushes it. Two runs at once, or a
 * run over an entry just cancelled or moved later, send nothing twice and nothing cancelled.
 * A crash between the claim and the alert's write loses that one send rather than repeating it.
 * Resolves with the ids of the alerts written.
 */
export async function sendDueScheduled(deps: ScheduledDeps): Promise<string[]> {
  const now = deps.now();
  const written: string[] = [];
  for (const [key, value] of await deps.pending()) {
    const entry = scheduledAlertSchema.safeParse(value);
    if (!entry.success) {
      deps.logger.warn('A scheduled alert that is not one was skipped', { key });
      continue;
    }
    if (entry.data.status !== 'pending' || entry.data.sendAt > now) continue;
    const alertId = await sendOne(key, now, deps);
    if (alertId !== undefined) written.push(alertId);
  }
  return written;
}

async function sendOne(key: string, now: number, deps: ScheduledDeps): Promise<string | undefined> {
  const { db } = deps;
  const alertId = db.pushKey(paths.alerts());
  const { value } = await db.transaction(scheduledPaths.scheduledAlert(key), (current) => {
    // The SDK may first call with null before it knows the stored value: writing null back
    // there changes nothing, and the server sends it round again with the real value if any.
    if (current === null) return null;
    const entry = scheduledAlertSchema.safeParse(current);
    if (!entry.success || entry.data.status !== 'pending' || entry.data.sendAt > now) {
      return undefined;
    }
    return { ...entry.data, status: 'sent', alertId, sentAt: now };
  });
  const claimed = scheduledAlertSchema.safeParse(value);
  if (!claimed.success || claimed.data.alertId !== alertId) return undefined;
  const alert = alertOf(claimed.data, alertId, now);
  // Audited here, under the admin who scheduled it: the trigger sees the functions as writer.
  await recordAlert(
    { alertId, alert, authId: claimed.data.createdBy },
    { db, now: deps.now, logger: deps.logger },
  );
  await db.update({ [`${paths.alerts()}/${alertId}`]: alert });
  deps.logger.info('Scheduled alert sent', { key, alertId, target: alert.target });
  return alertId;
}

/** The alert a scheduled entry becomes: its own fields, a new id and the time it went out. */
export function alertOf(entry: ScheduledAlert, alertId: string, at: number): Alert {
  const {
    sendAt: _sendAt,
    createdBy: _createdBy,
    status: _status,
    alertId: _alertId,
    sentAt: _sentAt,
    ...alert
  } = entry;
  return alertSchema.parse({ ...alert, notificationId: alertId, timeStamp: at });
}
