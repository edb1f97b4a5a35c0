import * as z from 'zod/mini';
import { LIMITS } from '../realtime.js';

/**
 * auditLog/{pushId}: one change an admin made, written by the functions alone (never a
 * browser) before the change's reply left: who, what, when and how it ended. Admins read it.
 */
export const AUDIT_ACTIONS = [
  'session.sign-in',
  'session.sign-out',
  'user.delete',
  'invoice.create',
  'invoice.update',
  'invoice.delete',
  'complaint.status',
  'complaint.respond',
  'complaint.delete',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  'group.create',
  'group.update',
  'group.delete',
  'group.members',
  'offers.update',
  'prices.save',
  'chat.upload',
  'chat.delete',
  'alert.create',
  'alert.delete',
  'scheduled.create',
  'scheduled.update',
  'scheduled.cancel',
  'push.test',
  /** An owner's changes on the Admins screen. */
  'admin.roles',
  'admin.sign-out',
  'roles.default',
  /** Changes held for a second admin (contracts/changes/changes.ts), and their policy. */
  'change.request',
  'change.approve',
  'change.reject',
  'change.withdraw',
  'change.expire',
  'policy.update',
  /** A change through the API that none of the above names: its method and path say it. */
  'other',
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** What a change was made to, by kind: `{ user: '12' }`, `{ group: '3', type: '1', date }`. */
export const AUDIT_TARGET_KINDS = [
  'user',
  'invoice',
  'complaint',
  'announcement',
  'group',
  'type',
  'date',
  'message',
  'upload',
  'alert',
  'admin',
  'request',
] as const;
export const auditTargetKindSchema = z.enum(AUDIT_TARGET_KINDS);
export type AuditTargetKind = z.infer<typeof auditTargetKindSchema>;

const targetId = z.string().check(z.minLength(1), z.maxLength(LIMITS.id));
/** The longest text an entry keeps: an announcement's description, which a revert restores. */
export const AUDIT_VALUE_MAX = 5000;
/** A few named values (a price grade, a status, a title): numbers, texts, or null for none. */
export const auditValuesSchema = z.record(
  z.string().check(z.maxLength(64)),
  z.nullable(z.union([z.number(), z.string().check(z.maxLength(AUDIT_VALUE_MAX))])),
);
export type AuditValues = z.infer<typeof auditValuesSchema>;

export const AUDIT_SUMMARY_MAX = 500;

export const auditEntrySchema = z.object({
  /** Server time, ms. */
  at: z.int().check(z.nonnegative()),
  uid: targetId,
  email: z.string().check(z.maxLength(LIMITS.name)),
  action: auditActionSchema,
  targets: z.optional(z.partialRecord(auditTargetKindSchema, targetId)),
  summary: z.string().check(z.maxLength(AUDIT_SUMMARY_MAX)),
  /**
   * The values before the change, read upstream by the function itself just before sending it
   * (prices, an announcement's or a group's texts, a complaint's status), and after it.
   */
  before: z.optional(auditValuesSchema),
  after: z.optional(auditValuesSchema),
  /**
   * The HTTP status the change ended with (the upstream's, or the function's own failure). None
   * while the change is on its way upstream: the entry is written before the change is sent, and
   * one left without a status was sent with no outcome recorded (the function stopped, or could
   * not write it).
   */
  status: z.optional(z.int().check(z.gte(100), z.lte(599))),
  /** A price save for a day, made after that day's prices were due (the price deadline). */
  late: z.optional(z.literal(true)),
  /** A change that sent back the values before another entry's change: that entry's key. */
  revertOf: z.optional(targetId),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
