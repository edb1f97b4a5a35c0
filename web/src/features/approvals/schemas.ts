import * as z from 'zod/mini';
import { REJECTION_REASON_MAX, REQUEST_EXPIRY_HOURS } from '@contracts/changes/changes';
import { deadlineTimeSchema } from '@contracts/prices/price-deadline';

/** The Reject dialog: why, required, as long as the functions keep. Messages are keys. */
export const rejectFormSchema = z.object({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'approvals:VALIDATION.REASON_REQUIRED' }),
      z.maxLength(REJECTION_REASON_MAX, { error: 'approvals:VALIDATION.REASON_TOO_LONG' }),
    ),
});
export type RejectFormInput = z.input<typeof rejectFormSchema>;

const HOURS_RANGE = { error: 'approvals:VALIDATION.HOURS_RANGE' } as const;

/** The Policy card: every switch, how many whole hours a request waits, and the price deadline. */
export const policyFormSchema = z.object({
  pushAll: z.boolean(),
  priceWarnings: z.boolean(),
  userDelete: z.boolean(),
  groupDelete: z.boolean(),
  expiresAfterHours: z
    .int(HOURS_RANGE)
    .check(
      z.gte(REQUEST_EXPIRY_HOURS.min, HOURS_RANGE),
      z.lte(REQUEST_EXPIRY_HOURS.max, HOURS_RANGE),
    ),
  priceDeadline: z.string().check(
    z.refine((time) => deadlineTimeSchema.safeParse(time).success, {
      error: 'approvals:VALIDATION.DEADLINE_TIME',
    }),
  ),
});
export type PolicyFormInput = z.input<typeof policyFormSchema>;
