import * as z from 'zod/mini';
import { LIMITS } from '@contracts/realtime';
import type { Alert } from '@contracts/push/alerts';

/**
 * The Send Notification modal: title and description are required (the original did not check
 * them), within the limits the database rules enforce. Messages are
 * translation keys, translated where they are shown.
 */
export const sendAlertInputSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'MESSAGES.TITLE_REQUIRED' }),
      z.maxLength(LIMITS.alertTitle, { error: 'notifications:VALIDATION.TITLE_TOO_LONG' }),
    ),
  description: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'MESSAGES.DESCRIPTION_REQUIRED' }),
    z.maxLength(LIMITS.alertDescription, {
      error: 'notifications:VALIDATION.DESCRIPTION_TOO_LONG',
    }),
  ),
});
export type SendAlertInput = z.input<typeof sendAlertInputSchema>;

/** Who a notification goes to, from this screen: one user, or every user. */
export type Recipient = { kind: 'user'; userId: number; name: string } | { kind: 'all' };

/** How the history names an "all users" alert (the contract's wording, stored as data). */
export const ALL_USERS_NAME = 'All Users';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An alert before the database gives it an id and a time. */
export type AlertDraft = DistributiveOmit<Alert, 'notificationId' | 'timeStamp' | 'delivery'>;

export function alertDraft(input: SendAlertInput, to: Recipient): AlertDraft {
  const { title, description } = sendAlertInputSchema.parse(input);
  const base = { title, description, image: '' };
  return to.kind === 'all'
    ? { ...base, userName: ALL_USERS_NAME, target: 'all' }
    : {
        ...base,
        userName: to.name.slice(0, LIMITS.name),
        target: 'user',
        userId: String(to.userId),
      };
}
