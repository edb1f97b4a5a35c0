import * as z from 'zod/mini';
import { fromLosAngeles, isWallClock, toLosAngeles } from '@contracts/prices/los-angeles';

/* A later send is chosen in Los Angeles time (the product's zone) and stored as UTC ms. */

/** Form values of the send-later choice; the texts of its errors are translation keys. */
export const sendLaterValuesSchema = z.object({
  later: z.boolean(),
  date: z.string(),
  time: z.string(),
});
export type SendLaterValues = z.infer<typeof sendLaterValuesSchema>;

export const NOW_VALUES: SendLaterValues = { later: false, date: '', time: '' };

/** Error keys of the push-composer namespace. */
export type SendLaterError =
  | 'SEND_LATER.ERROR_REQUIRED'
  | 'SEND_LATER.ERROR_INVALID'
  | 'SEND_LATER.ERROR_SKIPPED'
  | 'SEND_LATER.ERROR_PAST';

/**
 * When to send: null for now, the UTC ms of a later time, or why the time cannot be used. A
 * later time must be after `now` (the moment of the submit, passed in).
 */
export function resolveSendAt(
  values: SendLaterValues,
  now: number,
): { ok: true; sendAt: number | null } | { ok: false; error: SendLaterError } {
  const parsed = sendLaterValuesSchema.safeParse(values);
  if (!parsed.success) return { ok: false, error: 'SEND_LATER.ERROR_INVALID' };
  const { later, date, time } = parsed.data;
  if (!later) return { ok: true, sendAt: null };
  if (date === '' || time === '') return { ok: false, error: 'SEND_LATER.ERROR_REQUIRED' };
  if (!isWallClock({ date, time })) return { ok: false, error: 'SEND_LATER.ERROR_INVALID' };
  const sendAt = fromLosAngeles({ date, time });
  if (sendAt === null) return { ok: false, error: 'SEND_LATER.ERROR_SKIPPED' };
  if (sendAt <= now) return { ok: false, error: 'SEND_LATER.ERROR_PAST' };
  return { ok: true, sendAt };
}

/** The values that show a stored send time again, for editing. */
export const valuesAt = (sendAt: number): SendLaterValues => ({
  later: true,
  ...toLosAngeles(sendAt),
});
