import * as z from 'zod/mini';
import { LIMITS } from '../realtime.js';
import { idSchema } from '../record-id.js';

const price = z.number().check(z.nonnegative());

/**
 * priceHistory/{groupId}/{typeId}/{YYYY-MM-DD}: the prices the product has seen for that day and
 * when (server time): left by a save through the `api` function with the admin who saved it
 * (`by`), or by a read of the day's prices without one. The price desk's previous day, 30-day
 * chart and live rows, whatever the upstream answers for past dates. Admins read it.
 */
export const priceDaySchema = z.object({
  regular: price,
  premium: price,
  diesel: price,
  renew_99: price,
  b_20: price,
  at: z.int().check(z.nonnegative()),
  /** Who saved it; absent for a day kept from a read. */
  by: z.optional(idSchema),
});
export type PriceDay = z.infer<typeof priceDaySchema>;

/** A desk row's key: `{groupId}:{typeId}`. */
export const DESK_ROW_KEY = /^[0-9]{1,12}:[0-9]{1,12}$/;

/**
 * deskPresence/{YYYY-MM-DD}/{uid}: an admin with that day's price desk open, under the name the
 * others see, the row holding their focused cell (absent while no cell has the focus) and when
 * they last moved (server time). Removed when they leave the desk or lose the connection.
 */
export const deskPresenceSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(LIMITS.name)),
  row: z.optional(z.string().check(z.regex(DESK_ROW_KEY))),
  updatedAt: z.int().check(z.nonnegative()),
});
export type DeskPresence = z.infer<typeof deskPresenceSchema>;
