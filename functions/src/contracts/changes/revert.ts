import * as z from 'zod/mini';
import { auditValuesSchema, type AuditAction, type AuditEntry } from '../admins/audit.js';
import type { Permission } from '../admins/roles.js';
import {
  COMPLAINT_STATUS_NAMES,
  FUEL_PRICE_FIELDS,
  type ComplaintStatus,
} from '../upstream/upstream.js';

/**
 * Revert from the audit trail: an entry's change undone by sending the values before it as a
 * new change, through the same path as any change (roles, the change policy, the audit trail).
 */

/** `POST /api/audit/{entryId}/revert`, body RevertInput. */
export const revertPathOf = (entryId: string) => `/audit/${encodeURIComponent(entryId)}/revert`;

export const REVERTIBLE_ACTIONS = [
  'prices.save',
  'announcement.update',
  'group.update',
  'complaint.status',
] as const satisfies readonly AuditAction[];
export type RevertibleAction = (typeof REVERTIBLE_ACTIONS)[number];

/** The values a revert sends back, by action. An image is never among them: none can be restored. */
export const REVERTED_FIELDS: Readonly<Record<RevertibleAction, readonly string[]>> = {
  'prices.save': FUEL_PRICE_FIELDS,
  'announcement.update': ['title', 'description'],
  'group.update': ['name'],
  'complaint.status': ['status'],
};

/**
 * What a revert of each action needs of the admin's roles: the permission of the change it
 * sends (for prices, of the entry's group), as the `api` function checks it.
 */
export const REVERT_PERMISSIONS: Readonly<Record<RevertibleAction, Permission>> = {
  'prices.save': 'prices.write',
  'announcement.update': 'announcements.write',
  'group.update': 'groups.write',
  'complaint.status': 'complaints.write',
};

export const isRevertible = (action: AuditAction): action is RevertibleAction =>
  (REVERTIBLE_ACTIONS as readonly AuditAction[]).includes(action);

/** `confirmed`: revert even though the record changed since the entry (the three values seen). */
export const revertInputSchema = z.object({ confirmed: z._default(z.boolean(), false) });
export type RevertInput = z.input<typeof revertInputSchema>;

/**
 * The payload of a 409 to a revert not confirmed: the record no longer holds what the entry's
 * change left, so the admin sees the three values and decides.
 */
export const revertConflictSchema = z.object({
  conflict: z.object({
    before: auditValuesSchema,
    after: auditValuesSchema,
    current: auditValuesSchema,
    /**
     * Present when the upstream has no per-day price read: `current` is its latest record, of
     * this day, not the entry's day's.
     */
    latestDay: z.optional(z.string()),
  }),
});
export type RevertConflict = z.infer<typeof revertConflictSchema>['conflict'];

/** Why an entry offers no revert. */
export type RevertBlock =
  /** Not one of the changes a revert can undo. */
  | 'not-revertible'
  /** The change did not happen (refused, or sent with no outcome recorded). */
  | 'not-made'
  /** Its values before were not read (an older entry, or a read that failed). */
  | 'not-recorded'
  /** Prices saved for a day that had none: the upstream has no call that removes a day's prices. */
  | 'nothing-before';

/** Why `entry` cannot be reverted, or null when it can. */
export function revertBlockOf(
  entry: Pick<AuditEntry, 'action' | 'status' | 'before'>,
): RevertBlock | null {
  if (!isRevertible(entry.action)) return 'not-revertible';
  if (entry.status === undefined || entry.status < 200 || entry.status > 299) return 'not-made';
  const fields = REVERTED_FIELDS[entry.action];
  const before = entry.before;
  if (before === undefined || fields.some((field) => !(field in before))) return 'not-recorded';
  if (fields.every((field) => before[field] === null)) return 'nothing-before';
  return null;
}

/** Whether the change sent a new image, which a revert leaves as it is. */
export const replacedImage = (entry: Pick<AuditEntry, 'after'>): boolean =>
  entry.after?.image !== undefined;

/** The fields whose current value is not what the entry's change left. */
export function changedSince(
  action: RevertibleAction,
  after: AuditEntry['after'],
  current: AuditEntry['after'],
): string[] {
  return REVERTED_FIELDS[action].filter(
    (field) => (after?.[field] ?? null) !== (current?.[field] ?? null),
  );
}

/** A complaint status as the audit trail names it ("Approved"), back to the upstream's code. */
export function complaintStatusCode(name: unknown): ComplaintStatus | undefined {
  const entries = Object.entries(COMPLAINT_STATUS_NAMES) as [string, string][];
  const code = entries.find(([, named]) => named === name)?.[0];
  return code === undefined ? undefined : (Number(code) as ComplaintStatus);
}
