import * as z from 'zod/mini';
import { LIMITS } from '../realtime.js';
import { idSchema } from '../record-id.js';

/** users/{userId}: the mirror of an upstream user, written by the functions only. */
export const userMirrorSchema = z.object({
  userId: idSchema,
  name: z.string().check(z.maxLength(LIMITS.name)),
  image: z.string().check(z.maxLength(LIMITS.url)),
  lastUpdate: z.int().check(z.nonnegative()),
});
export type UserMirror = z.infer<typeof userMirrorSchema>;

/**
 * mirrorSync: the last time the user mirror synced the upstream's whole user list, and how many
 * users and device tokens the mirror held once it had. Functions only; admins read it.
 */
export const mirrorSyncSchema = z.object({
  completedAt: z.int().check(z.nonnegative()),
  users: z.int().check(z.nonnegative()),
  devices: z.int().check(z.nonnegative()),
});
export type MirrorSync = z.infer<typeof mirrorSyncSchema>;
