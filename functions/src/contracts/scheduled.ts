import * as z from 'zod/mini';
import { LIMITS } from './realtime.js';
import { idSchema as id } from './record-id.js';

/**
 * scheduledAlerts/{id}: a notification an admin asked to send later. It holds the alert as the
 * browser would write it to notificationsAlert (its `notificationId` is this entry's key), when
 * to send it (`sendAt`, UTC ms) and who scheduled it. Admins create, edit and delete it while it
 * is `pending`; only the functions move it on: `sending` once a run has claimed it (naming the
 * alert it becomes), `sent` once that alert is written.
 */
export const SCHEDULED_STATUSES = ['pending', 'sending', 'sent'] as const;

export const scheduledPaths = {
  scheduledAlerts: () => 'scheduledAlerts',
  scheduledAlert: (id: string) => `scheduledAlerts/${id}`,
} as const;

const scheduledBase = {
  notificationId: id,
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertTitle)),
  description: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertDescription)),
  image: z.string().check(z.maxLength(LIMITS.url)),
  userName: z.string().check(z.maxLength(LIMITS.name)),
  timeStamp: z.int().check(z.nonnegative()),
  /** When to send it, UTC ms. */
  sendAt: z.int().check(z.nonnegative()),
  /** The uid of the admin who scheduled it, to whom the sent alert is attributed. */
  createdBy: id,
  status: z.enum(SCHEDULED_STATUSES),
  /** Once claimed: the notificationsAlert key the functions write it under. */
  alertId: z.optional(id),
  /** Once claimed: when it went out, UTC ms. */
  sentAt: z.optional(z.int().check(z.nonnegative())),
};

export const scheduledAlertSchema = z.discriminatedUnion('target', [
  z.object({ ...scheduledBase, target: z.literal('user'), userId: id }),
  z.object({ ...scheduledBase, target: z.literal('all') }),
  z.object({ ...scheduledBase, target: z.literal('group'), groupId: id }),
]);
export type ScheduledAlert = z.infer<typeof scheduledAlertSchema>;
