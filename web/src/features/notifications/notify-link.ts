import * as z from 'zod/mini';

/**
 * A link that opens Send Notification with the send dialog of one user open (the command
 * palette's "Send a notification to a user").
 */
export const NOTIFY_USER_PARAM = 'notify';
export const notifyUserHref = (userId: number) =>
  `/send-notification?${NOTIFY_USER_PARAM}=${userId}`;

/** The user ID of the link, or null for anything else in its place. */
export function notifiedUserId(value: string): number | null {
  const parsed = z
    .string()
    .check(z.regex(/^[1-9]\d{0,15}$/))
    .safeParse(value);
  return parsed.success ? Number(parsed.data) : null;
}
