import type { ParseKeys } from 'i18next';
import {
  AUDIT_TARGET_KINDS,
  type AuditAction,
  type AuditEntry,
  type AuditTargetKind,
} from '@contracts/admins/audit';
import { FUEL_PRICE_FIELDS } from '@contracts/upstream/upstream';

/** An entry with its key and its time under the name the time paging orders by. */
export type AuditRow = AuditEntry & { key: string; timeStamp: number };

export const auditRow = (key: string, entry: AuditEntry): AuditRow => ({
  ...entry,
  key,
  timeStamp: entry.at,
});

/** The readable name of each action the functions record. */
export const ACTION_LABELS: Record<AuditAction, ParseKeys<'audit-log'>> = {
  'session.sign-in': 'ACTIONS.SESSION_SIGN_IN',
  'session.sign-out': 'ACTIONS.SESSION_SIGN_OUT',
  'user.delete': 'ACTIONS.USER_DELETE',
  'invoice.create': 'ACTIONS.INVOICE_CREATE',
  'invoice.update': 'ACTIONS.INVOICE_UPDATE',
  'invoice.delete': 'ACTIONS.INVOICE_DELETE',
  'complaint.status': 'ACTIONS.COMPLAINT_STATUS',
  'complaint.respond': 'ACTIONS.COMPLAINT_RESPOND',
  'complaint.delete': 'ACTIONS.COMPLAINT_DELETE',
  'announcement.create': 'ACTIONS.ANNOUNCEMENT_CREATE',
  'announcement.update': 'ACTIONS.ANNOUNCEMENT_UPDATE',
  'announcement.delete': 'ACTIONS.ANNOUNCEMENT_DELETE',
  'group.create': 'ACTIONS.GROUP_CREATE',
  'group.update': 'ACTIONS.GROUP_UPDATE',
  'group.delete': 'ACTIONS.GROUP_DELETE',
  'group.members': 'ACTIONS.GROUP_MEMBERS',
  'offers.update': 'ACTIONS.OFFERS_UPDATE',
  'prices.save': 'ACTIONS.PRICES_SAVE',
  'chat.upload': 'ACTIONS.CHAT_UPLOAD',
  'chat.delete': 'ACTIONS.CHAT_DELETE',
  'alert.create': 'ACTIONS.ALERT_CREATE',
  'alert.delete': 'ACTIONS.ALERT_DELETE',
  'scheduled.create': 'ACTIONS.SCHEDULED_CREATE',
  'scheduled.update': 'ACTIONS.SCHEDULED_UPDATE',
  'scheduled.cancel': 'ACTIONS.SCHEDULED_CANCEL',
  'push.test': 'ACTIONS.PUSH_TEST',
  'admin.roles': 'ACTIONS.ADMIN_ROLES',
  'admin.sign-out': 'ACTIONS.ADMIN_SIGN_OUT',
  'roles.default': 'ACTIONS.ROLES_DEFAULT',
  'change.request': 'ACTIONS.CHANGE_REQUEST',
  'change.approve': 'ACTIONS.CHANGE_APPROVE',
  'change.reject': 'ACTIONS.CHANGE_REJECT',
  'change.withdraw': 'ACTIONS.CHANGE_WITHDRAW',
  'change.expire': 'ACTIONS.CHANGE_EXPIRE',
  'policy.update': 'ACTIONS.POLICY_UPDATE',
  other: 'ACTIONS.OTHER',
};

export const TARGET_LABELS: Record<AuditTargetKind, ParseKeys<'audit-log'>> = {
  user: 'TARGETS.USER',
  invoice: 'TARGETS.INVOICE',
  complaint: 'TARGETS.COMPLAINT',
  announcement: 'TARGETS.ANNOUNCEMENT',
  group: 'TARGETS.GROUP',
  type: 'TARGETS.TYPE',
  date: 'TARGETS.DATE',
  message: 'TARGETS.MESSAGE',
  upload: 'TARGETS.UPLOAD',
  alert: 'TARGETS.ALERT',
  admin: 'TARGETS.ADMIN',
  request: 'TARGETS.REQUEST',
};

/** The entry's targets in a fixed order, whatever order the database kept them in. */
export function targetsOf(entry: Pick<AuditEntry, 'targets'>): [AuditTargetKind, string][] {
  const targets = entry.targets ?? {};
  return AUDIT_TARGET_KINDS.flatMap((kind): [AuditTargetKind, string][] => {
    const id = targets[kind];
    return id === undefined ? [] : [[kind, id]];
  });
}

/**
 * How a change ended: succeeded when its HTTP status says so (below 400), failed with that code
 * otherwise, and unrecorded when it was sent upstream but its entry has no outcome (the function
 * stopped before writing it).
 */
export function outcomeOf(status: number | undefined): 'succeeded' | 'failed' | 'unrecorded' {
  if (status === undefined) return 'unrecorded';
  return status < 400 ? 'succeeded' : 'failed';
}

type Value = number | string | null;

/** One named value before and after a change (a price grade); unchanged ones included. */
export interface ValueChange {
  name: string;
  before: Value | undefined;
  after: Value | undefined;
}

/** Price grades in the order the price form shows them; the database keeps keys sorted. */
const rank = (name: string) => {
  const at = (FUEL_PRICE_FIELDS as readonly string[]).indexOf(name);
  return at === -1 ? FUEL_PRICE_FIELDS.length : at;
};

/**
 * The values an entry keeps before and after its change, by name: price grades in the form's
 * order, then any other name in the order first seen.
 */
export function valueChanges(entry: Pick<AuditEntry, 'before' | 'after'>): ValueChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort(
    (a, b) => rank(a) - rank(b),
  );
  return names.map((name) => ({ name, before: before[name], after: after[name] }));
}
