import {
  adminEntrySchema,
  deviceSlots,
  deviceTokenEntrySchema,
  paths,
  type AdminEntry,
  type Permission,
} from '../../contracts/index.js';
import { chunk, mapLimit } from '../concurrency.js';
import { childPages, childrenOf, type Db } from '../ports.js';
import { holding } from '../roles/index.js';
import { hasOpenSession } from '../session/index.js';
import type { Recipient } from './push.js';

/**
 * Users whose devices one read holds. The rules keep a user to ten slots of a token of at most
 * 512 characters, so a page is at most about 3 MB, whatever any one user writes.
 */
export const DEVICE_PAGE_USERS = 500;
/** Reads of the device-token mirror in flight at once for a group's members. */
const READ_CONCURRENCY = 16;

/** The audience of a push, a page of devices at a time. */
export type DevicePages = AsyncIterable<readonly Recipient[]>;

/** The devices in a user's slots; anything else under the user (written by no rule) is skipped. */
function recipientsIn(userId: string, slots: unknown): Recipient[] {
  const children = childrenOf(slots);
  return deviceSlots.flatMap((slot) => {
    const entry = deviceTokenEntrySchema.safeParse(children[slot]);
    return entry.success
      ? [{ token: entry.data.token, path: `${paths.deviceTokens(userId)}/${slot}` }]
      : [];
  });
}

async function devicesOfUser(db: Db, userId: string): Promise<Recipient[]> {
  return recipientsIn(userId, await db.get(paths.deviceTokens(userId)));
}

export async function* devicesOfUsers(db: Db, userIds: readonly string[]): DevicePages {
  for (const ids of chunk([...userIds], DEVICE_PAGE_USERS)) {
    yield (await mapLimit(ids, READ_CONCURRENCY, (userId) => devicesOfUser(db, userId))).flat();
  }
}

/**
 * The devices of the mirror's next `users` users (rounded up to whole pages of at most 500) after
 * the user key `after`, or from the first, a page of users at a time. When the range ends before
 * the mirror does, `end.next` is set to its last key, where the next range starts.
 */
export async function* devicesOfEveryone(
  db: Db,
  range: { after?: string | undefined; users: number },
  end: { next?: string },
): DevicePages {
  // A range of no users (a mistyped parameter) still moves on, a user at a time.
  const pageUsers = Math.max(1, Math.min(DEVICE_PAGE_USERS, range.users));
  let read = 0;
  for await (const page of childPages(db, 'deviceTokens', pageUsers, range.after)) {
    yield page.flatMap(([userId, slots]) => recipientsIn(userId, slots));
    read += page.length;
    const last = page.at(-1)?.[0];
    if (read >= range.users && page.length === pageUsers && last !== undefined) {
      end.next = last;
      return;
    }
  }
}

export async function membersOf(db: Db, groupId: string): Promise<string[]> {
  return Object.entries(childrenOf(await db.get(paths.groupMembers(groupId))))
    .filter(([, isMember]) => isMember === true)
    .map(([userId]) => userId);
}

/** Admin entries per read of `admins`: a few dozen admins fit in one. */
const ADMIN_PAGE = 500;

/**
 * The admins' web devices: every admin's own `admins/{uid}` and the `admin` entry (the last admin
 * to sign in), each token once, of admins with a live session whose roles hold `permission` only (the
 * chats' for a chat message: a signed-out admin's computer is not told what members write), never a device of the admin `senderUid` names: one
 * browser keeps the same token for every admin who signs in on it, so the sender's token may
 * also sit under a colleague's entry. Not pruned when FCM calls one dead: the admin's browser
 * rewrites its entry at every start, and clearing it could race with that write.
 */
export async function* adminDevices(
  db: Db,
  senderUid: string,
  now: number,
  permission: Permission,
): DevicePages {
  const found: AdminEntry[] = [];
  const legacy = adminEntrySchema.safeParse(await db.get(paths.admin()));
  if (legacy.success) found.push(legacy.data);
  for await (const page of childPages(db, paths.admins(), ADMIN_PAGE)) {
    for (const [uid, value] of page) {
      const entry = adminEntrySchema.safeParse(value);
      if (entry.success && entry.data.id === uid) found.push(entry.data);
    }
  }
  const open: string[] = [];
  for (const uid of new Set(found.map((entry) => entry.id))) {
    if (await hasOpenSession(db, uid, now)) open.push(uid);
  }
  // What is pushed reaches only the admins whose roles let them see it.
  const signedIn = new Set(await holding(db, open, permission));
  const entries = found.filter((entry) => signedIn.has(entry.id));
  const senders = new Set(found.filter((e) => e.id === senderUid).map((e) => e.deviceToken));
  const tokens = new Set(
    entries.map((e) => e.deviceToken).filter((token) => token !== '' && !senders.has(token)),
  );
  if (tokens.size > 0) yield [...tokens].map((token) => ({ token }));
}
