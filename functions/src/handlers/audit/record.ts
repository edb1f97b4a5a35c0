import {
  type Alert,
  AUDIT_SUMMARY_MAX,
  auditEntrySchema,
  paths,
  scheduledAlertSchema,
  type ScheduledAlert,
  type AuditAction,
  type AuditEntry,
} from '../../contracts/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import { recordedEmailOf } from '../session/index.js';
import type { AuditTargets } from './changes.js';
import type { AdminIdentities } from './identities.js';
import { clip } from './values.js';

export interface AuditDeps {
  db: Db;
  now: Clock;
  logger: Logger;
  identities: AdminIdentities;
}

/** Where an opened entry is, and when its change was made. */
export interface OpenedEntry {
  path: string;
  at: number;
}

/**
 * Writes a change's entry, without its outcome, before the change goes upstream: it rejects
 * when the write fails, and the change is then not sent, so none passes unrecorded.
 */
export async function openAuditEntry(
  entry: Omit<AuditEntry, 'at' | 'status'>,
  deps: Pick<AuditDeps, 'db' | 'now'>,
): Promise<OpenedEntry> {
  const opened = {
    path: `${paths.auditLog()}/${deps.db.pushKey(paths.auditLog())}`,
    at: deps.now(),
  };
  await deps.db.update({ [opened.path]: auditEntrySchema.parse({ ...entry, at: opened.at }) });
  return opened;
}

/**
 * Completes an opened entry with what the change did. The change has happened (or failed)
 * upstream whatever becomes of the entry, so a failed write is logged as an error, and the entry
 * stays as opened: sent, no outcome recorded.
 */
export async function completeAuditEntry(
  opened: OpenedEntry,
  entry: Omit<AuditEntry, 'at'>,
  deps: Pick<AuditDeps, 'db' | 'logger'>,
  /** Paths written in the same update: both land or neither. */
  alongside: Record<string, unknown> = {},
): Promise<void> {
  try {
    await deps.db.update({
      ...alongside,
      [opened.path]: auditEntrySchema.parse({ ...entry, at: opened.at }),
    });
  } catch (error) {
    deps.logger.error('Could not complete an audit entry', {
      action: entry.action,
      uid: entry.uid,
      error: String(error),
    });
  }
}

/**
 * Writes one entry. The change has happened (or failed) upstream whatever becomes of the entry,
 * so a failed write is logged as an error and the reply still goes out.
 */
export async function recordAudit(
  entry: Omit<AuditEntry, 'at'>,
  deps: Pick<AuditDeps, 'db' | 'now' | 'logger'>,
  /** Paths written in the same update: both land or neither. */
  alongside: Record<string, unknown> = {},
): Promise<void> {
  try {
    const value = auditEntrySchema.parse({ ...entry, at: deps.now() });
    await deps.db.update({
      ...alongside,
      [`${paths.auditLog()}/${deps.db.pushKey(paths.auditLog())}`]: value,
    });
  } catch (error) {
    deps.logger.error('Could not write an audit entry', {
      action: entry.action,
      uid: entry.uid,
      error: String(error),
    });
  }
}

/**
 * A sign-out's entry. It comes with a Firebase ID token, not the upstream's bearer, so the
 * admin is named by the e-mail recorded with their session (read before it was removed).
 */
export async function recordSignOut(
  admin: { uid: string; email: string },
  deps: Pick<AuditDeps, 'db' | 'now' | 'logger'>,
): Promise<void> {
  await recordAudit(
    { ...admin, action: 'session.sign-out', summary: 'Signed out', status: 200 },
    deps,
  );
}

/**
 * An alert's entry, sent or deleted: browsers write and delete alerts straight in the database,
 * where the rules let only an admin with a live session do either, so the writer the event
 * names is that admin. Keyed by the alert (`alert-{id}`, `alert-deleted-{id}`, which no push id
 * can be) and written only if absent, so a redelivered event records it once.
 */
export async function recordAlert(
  input: {
    alertId: string;
    alert: Alert;
    authId: string | undefined;
    change?: 'created' | 'deleted';
  },
  deps: Pick<AuditDeps, 'db' | 'now' | 'logger'>,
): Promise<void> {
  const { alertId, alert, authId } = input;
  const deleted = input.change === 'deleted';
  const action = deleted ? 'alert.delete' : 'alert.create';
  if (authId === undefined) {
    deps.logger.warn('An alert without a known writer was not recorded', { alertId, action });
    return;
  }
  const email = await recordedEmailOf(deps.db, authId);
  const audience =
    alert.target === 'all' ? 'everyone' : `${alert.target} ${alert.userName || '?'}`.trim();
  const targets: AuditTargets = { alert: alertId };
  if (alert.target === 'user') targets.user = alert.userId;
  if (alert.target === 'group') targets.group = alert.groupId;
  try {
    const value = auditEntrySchema.parse({
      at: deps.now(),
      uid: authId,
      email,
      action,
      targets,
      summary: clip(
        deleted
          ? `Deleted "${alert.title}" (sent to ${audience}) from the history`
          : `Sent "${alert.title}" to ${audience}`,
        AUDIT_SUMMARY_MAX,
      ),
      status: 200,
    });
    const key = deleted ? `alert-deleted-${alertId}` : `alert-${alertId}`;
    await deps.db.transaction(`${paths.auditLog()}/${key}`, (current) =>
      current === null ? value : undefined,
    );
  } catch (error) {
    deps.logger.error('Could not write an audit entry', {
      action,
      uid: authId,
      error: String(error),
    });
  }
}

/** A write of `scheduledAlerts/{scheduledId}` as its database event tells it. */
export interface ScheduledWrite {
  scheduledId: string;
  eventId: string;
  /** When the write happened (the event's time, ms). */
  at: number;
  before: unknown;
  after: unknown;
  /** The admin who wrote it; undefined for the functions' own writes. */
  authId: string | undefined;
}

/**
 * An admin's change to a send scheduled for later: created, changed while pending, or cancelled
 * (deleted while pending). Browsers write these straight in the database, so the writer the
 * event names is that admin; the functions' own moves (claiming, marking sent) name none and
 * are not recorded. Dated when the write happened (`at`, the event's time: a create and a
 * cancel moments later may be handled in either order) and keyed by the event
 * (`scheduled-{eventId}`), written only if absent, so a redelivered event records it once.
 */
export async function recordScheduledChange(
  input: ScheduledWrite,
  deps: Pick<AuditDeps, 'db' | 'logger'>,
): Promise<void> {
  const { scheduledId, authId } = input;
  if (authId === undefined) return;
  const before = scheduledAlertSchema.safeParse(input.before);
  const after = scheduledAlertSchema.safeParse(input.after);
  const described = describeScheduledChange(
    before.success ? before.data : null,
    after.success ? after.data : null,
  );
  if (described === null) return;
  const email = await recordedEmailOf(deps.db, authId);
  try {
    const value = auditEntrySchema.parse({
      at: input.at,
      uid: authId,
      email,
      action: described.action,
      targets: { alert: scheduledId },
      summary: clip(described.summary, AUDIT_SUMMARY_MAX),
      status: 200,
    });
    await deps.db.transaction(`${paths.auditLog()}/scheduled-${input.eventId}`, (current) =>
      current === null ? value : undefined,
    );
  } catch (error) {
    deps.logger.error('Could not write an audit entry', {
      action: described.action,
      uid: authId,
      error: String(error),
    });
  }
}

function describeScheduledChange(
  before: ScheduledAlert | null,
  after: ScheduledAlert | null,
): { action: AuditAction; summary: string } | null {
  const when = (send: ScheduledAlert) =>
    `${new Date(send.sendAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const audience = (send: ScheduledAlert) =>
    send.target === 'all' ? 'everyone' : `${send.target} ${send.userName || '?'}`.trim();
  if (before === null && after !== null) {
    return {
      action: 'scheduled.create',
      summary: `Scheduled "${after.title}" for ${when(after)} to ${audience(after)}`,
    };
  }
  if (before?.status !== 'pending') return null;
  if (after === null) {
    return { action: 'scheduled.cancel', summary: `Cancelled the scheduled "${before.title}"` };
  }
  return after.status === 'pending'
    ? {
        action: 'scheduled.update',
        summary: `Changed the scheduled "${after.title}": ${when(after)} to ${audience(after)}`,
      }
    : null;
}
