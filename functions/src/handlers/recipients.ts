import { deviceTokenEntrySchema, paths } from '../contracts/index.js';
import { mapLimit } from './concurrency.js';
import { childrenOf, type Db } from './ports.js';
import type { Recipient } from './push.js';

/** Reads of the device-token mirror in flight at once for a group's members. */
const READ_CONCURRENCY = 16;

function recipientsIn(userId: string, tokens: unknown): Recipient[] {
  return Object.entries(childrenOf(tokens)).flatMap(([key, value]) => {
    const entry = deviceTokenEntrySchema.safeParse(value);
    return entry.success
      ? [{ token: entry.data.token, path: `${paths.deviceTokens(userId)}/${key}` }]
      : [];
  });
}

export async function devicesOfUser(db: Db, userId: string): Promise<Recipient[]> {
  return recipientsIn(userId, await db.get(paths.deviceTokens(userId)));
}

export async function devicesOfUsers(db: Db, userIds: readonly string[]): Promise<Recipient[]> {
  return (await mapLimit(userIds, READ_CONCURRENCY, (userId) => devicesOfUser(db, userId))).flat();
}

/** Every device in the mirror, read at once: one read beats 100 000. */
export async function devicesOfEveryone(db: Db): Promise<Recipient[]> {
  return Object.entries(childrenOf(await db.get('deviceTokens'))).flatMap(([userId, tokens]) =>
    recipientsIn(userId, tokens),
  );
}

export async function membersOf(db: Db, groupId: string): Promise<string[]> {
  return Object.entries(childrenOf(await db.get(paths.groupMembers(groupId))))
    .filter(([, isMember]) => isMember === true)
    .map(([userId]) => userId);
}

/**
 * The admin's web device, from the `admin` entry. Not pruned when FCM calls it dead: the admin's
 * browser rewrites it at sign-in, and clearing it could race with that write.
 */
export async function adminDevice(db: Db): Promise<Recipient[]> {
  const token = await db.get(`${paths.admin()}/deviceToken`);
  return typeof token === 'string' && token !== '' ? [{ token }] : [];
}
