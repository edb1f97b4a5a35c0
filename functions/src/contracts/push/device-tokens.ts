import * as z from 'zod/mini';

/**
 * A user keeps at most this many devices, one per slot: deviceTokens/{userId}/{0..9}. The rules
 * cannot count children, but they can name them, so a bounded set of keys bounds the list.
 */
export const DEVICE_SLOTS = 10;
export const deviceSlots: readonly string[] = Array.from({ length: DEVICE_SLOTS }, (_, slot) =>
  String(slot),
);

/** What an FCM registration token is made of, and how long it may be. */
export const FCM_TOKEN_PATTERN = /^[A-Za-z0-9_:-]{1,512}$/;
export const fcmTokenSchema = z.string().check(z.regex(FCM_TOKEN_PATTERN));

/** deviceTokens/{userId}/{slot}: never readable by a client but for its `updatedAt`. */
export const deviceTokenEntrySchema = z.object({
  token: fcmTokenSchema,
  updatedAt: z.int().check(z.nonnegative()),
});
export type DeviceTokenEntry = z.infer<typeof deviceTokenEntrySchema>;
