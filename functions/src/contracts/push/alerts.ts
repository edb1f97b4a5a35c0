import * as z from 'zod/mini';
import { LIMITS } from '../realtime.js';
import { idSchema } from '../record-id.js';

const tally = z.int().check(z.nonnegative());

/**
 * notificationsAlert/{id}/delivery, written by the functions once the push is done. The details
 * after `error` came later: a record written before them has only sent, failed and at.
 */
export const deliverySchema = z.object({
  sent: tally,
  failed: tally,
  /** ms since epoch */
  at: z.number(),
  /** FCM's reason when it refused the message itself (no device accepted it). */
  error: z.optional(z.string()),
  /** Distinct device tokens the push was addressed to: sent + failed. */
  devices: z.optional(tally),
  /** Of the failed, those worth another try (FCM busy, over quota, an internal error). */
  transient: z.optional(tally),
  /** Of the failed, the tokens FCM called dead. */
  permanent: z.optional(tally),
  /** Dead tokens removed from the device mirror. */
  pruned: z.optional(tally),
  /** A send to a group: which one, and its name when it was sent. */
  group: z.optional(z.object({ id: z.string(), name: z.string() })),
});
export type Delivery = z.infer<typeof deliverySchema>;

const alertBase = {
  notificationId: idSchema,
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertTitle)),
  description: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertDescription)),
  /** Image URL shown with the push, '' for none. */
  image: z.string().check(z.maxLength(LIMITS.url)),
  /** Who it is addressed to, for the history: a user's name, a group's name, or 'All Users'. */
  userName: z.string().check(z.maxLength(LIMITS.name)),
  timeStamp: z.int().check(z.nonnegative()),
  delivery: z.optional(deliverySchema),
};

/** notificationsAlert/{id}: creating one makes the functions push it to its target's devices. */
export const alertSchema = z.discriminatedUnion('target', [
  z.object({ ...alertBase, target: z.literal('user'), userId: idSchema }),
  z.object({ ...alertBase, target: z.literal('all') }),
  z.object({ ...alertBase, target: z.literal('group'), groupId: idSchema }),
]);
export type Alert = z.infer<typeof alertSchema>;
export type AlertTarget = Alert['target'];

/**
 * notificationsAlertCount: how many alerts the history holds. Like a group's chat count, it is
 * below the truth for a moment when a deletion is counted before its creation.
 */
export const alertCountSchema = z.int();
