import {
  alertSchema,
  paths,
  scheduledAlertSchema,
  scheduledPaths,
  type Alert,
  type ScheduledAlert,
} from '../../contracts/index.js';
import { recordAlert } from '../audit/index.js';
import type { Clock, Db, Logger } from '../ports.js';

export interface ScheduledDeps {
  db: Db;
  now: Clock;
  logger: Logger;
  /** The entries of scheduledAlerts not sent yet (`pending` or `sending`), as [key, value]. */
  unsent: () => Promise<[string, unknown][]>;
}

/**
 * One tick of the schedule: every pending entry whose time has come is claimed in a transaction
 * (pending → sending, naming the alert it becomes), and only the run whose claim committed
 * writes that alert to notificationsAlert, where the alert trigger pushes it; then the entry is
 * `sent`. Two runs at once, or a run over an entry just cancelled or moved later, send nothing
 * twice and nothing cancelled. A run that stopped between the claim and the write leaves the
 * entry `sending`: the next tick writes its alert, under the same key and only if it is not
 * there yet, so the send is neither lost nor repeated. Resolves with the ids of the alerts
 * written.
 */
export async function sendDueScheduled(deps: ScheduledDeps): Promise<string[]> {
  const now = deps.now();
  const written: string[] = [];
  for (const [key, value] of await deps.unsent()) {
    const entry = scheduledAlertSchema.safeParse(value);
    if (!entry.success) {
      deps.logger.warn('A scheduled alert that is not one was skipped', { key });
      continue;
    }
    const claimed = entry.data.status === 'sending' ? entry.data : await claim(key, now, deps.db);
    if (claimed?.status !== 'sending' || claimed.alertId === undefined) continue;
    if (await write(key, claimed, claimed.alertId, deps)) written.push(claimed.alertId);
  }
  return written;
}

/** The entry, `sending` under a new alert id, if it was pending and due and this run claimed it. */
async function claim(key: string, now: number, db: Db): Promise<ScheduledAlert | undefined> {
  const alertId = db.pushKey(paths.alerts());
  const { value } = await db.transaction(scheduledPaths.scheduledAlert(key), (current) => {
    // The SDK may first call with null before it knows the stored value: writing null back
    // there changes nothing, and the server sends it round again with the real value if any.
    if (current === null) return null;
    const entry = scheduledAlertSchema.safeParse(current);
    if (!entry.success || entry.data.status !== 'pending' || entry.data.sendAt > now) {
      return undefined;
    }
    return { ...entry.data, status: 'sending', alertId, sentAt: now };
  });
  const claimed = scheduledAlertSchema.safeParse(value);
  return claimed.success && claimed.data.alertId === alertId ? claimed.data : undefined;
}

/** Writes a claimed entry's alert unless it is there already, then marks the entry sent. */
async function write(
  key: string,
  entry: ScheduledAlert,
  alertId: string,
  deps: ScheduledDeps,
): Promise<boolean> {
  const { db } = deps;
  const alert = alertOf(entry, alertId, entry.sentAt ?? deps.now());
  // Audited here, under the admin who scheduled it: the trigger sees the functions as writer.
  await recordAlert(
    { alertId, alert, authId: entry.createdBy },
    { db, now: deps.now, logger: deps.logger },
  );
  // Created only if absent: rewriting an alert would wipe the delivery its push wrote.
  const { committed } = await db.transaction(`${paths.alerts()}/${alertId}`, (current) =>
    current === null ? alert : undefined,
  );
  await db.update({ [`${scheduledPaths.scheduledAlert(key)}/status`]: 'sent' });
  if (committed) deps.logger.info('Scheduled alert sent', { key, alertId, target: alert.target });
  return committed;
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
