import { z } from 'zod';
import {
  upstreamInt,
  DEVICE_SLOTS,
  deviceSlots,
  deviceTokenEntrySchema,
  fcmTokenSchema,
  LIMITS,
  paths,
  type MirrorSync,
  userMirrorSchema,
  userSchema,
  type DeviceTokenEntry,
  type User,
  type UserMirror,
} from '../../contracts/index.js';
import { chunk } from '../concurrency.js';
import { childPages, childrenOf, type Clock, type Db, type Logger } from '../ports.js';
import type { MirrorAction } from './mirror-routes.js';

/**
 * The user mirror (docs/product.md#realtime-database): what the admin sees through the proxy is
 * copied into the Realtime Database, so rules and push triggers know users, their devices and group
 * members.
 *
 * - `GET /admin/user` (the whole list): `users/{id}` and `deviceTokens/{id}/{slot}`; users no
 *   longer listed leave the mirror with their tokens. Only what changed is written, in batched
 *   multi-path updates, so a list of 100 000 unchanged users writes nothing.
 * - `GET /admin/groups/{id}/assigned-users`: `groups/{id}/members` becomes exactly that set,
 *   and each member's `users/{id}` entry is written where it is missing or was renamed.
 * - `POST /admin/groups/{id}/assign-users`: the set is read back from the upstream, whatever the
 *   request's encoding was, and mirrored the same way.
 * - `DELETE /admin/user/{id}`, `DELETE /admin/groups/{id}`: the user (with its tokens) or the
 *   group's members leave the mirror.
 * Device tokens the upstream no longer lists are kept: app users also register their own, and
 * FCM pruning removes the dead ones.
 */

export interface MirrorDeps {
  db: Db;
  now: Clock;
  logger: Logger;
  /**
   * The payload of the upstream's successful assigned-users reply for a group, read with the
   * admin's own credentials; rejects when the upstream does not give one.
   */
  getAssignedUsers: (groupId: string, authorization: string) => Promise<unknown>;
}

/** Paths written per multi-path update: small enough for one RTDB write, few enough round trips. */
export const MIRROR_BATCH_PATHS = 2_000;
/** Users read per page of the mirror: its memory follows the list, not one user's writes. */
const MIRROR_READ_PAGE = 1_000;

const listedIdSchema = z.object({ id: upstreamInt });

/** Applies an action; failures are logged, never thrown (the reply has long been sent). */
export async function applyMirrorAction(action: MirrorAction, deps: MirrorDeps): Promise<void> {
  try {
    switch (action.kind) {
      case 'users':
        await syncUsers(action.users, action.complete, deps);
        return;
      case 'members':
        await setMembers(action.groupId, action.users, deps);
        return;
      case 'refresh-members':
        await setMembers(
          action.groupId,
          await deps.getAssignedUsers(action.groupId, action.authorization),
          deps,
        );
        return;
      case 'remove-user':
        await deps.db.update({
          [paths.user(action.userId)]: null,
          [paths.deviceTokens(action.userId)]: null,
        });
        return;
      case 'remove-group':
        await deps.db.update({ [paths.groupMembers(action.groupId)]: null });
        return;
    }
  } catch (error) {
    deps.logger.error('User mirror update failed', { action: action.kind, error: String(error) });
  }
}

const memberItem = z.looseObject({ id: z.number().int() });
const memberListSchema = z.union([
  z.array(memberItem),
  z.object({ users: z.array(memberItem) }).transform((g) => g.users),
]);

/** Members whose mirror entry is read at once while a group's members are written. */
const MEMBER_READS_AT_ONCE = 50;

/**
 * A group's members become exactly the listed users, and each listed user's mirror entry is
 * written with them where it is missing or its name changed: the rules hold a member's chat
 * posts to the mirror's name, so a new member can post from the moment they join.
 */
async function setMembers(groupId: string, users: unknown, deps: MirrorDeps) {
  const list = memberListSchema.safeParse(users);
  if (!list.success) {
    deps.logger.warn('Assigned users of a group could not be read; members left as they were', {
      groupId,
    });
    return;
  }
  const members = Object.fromEntries(list.data.map((user) => [String(user.id), true]));
  const entries: [string, UserMirror][] = [];
  for (const batch of chunk(list.data, MEMBER_READS_AT_ONCE)) {
    const read = await Promise.all(
      batch.map(async (item) => {
        const user = userSchema.safeParse(item);
        if (!user.success) return null;
        const entry = mirrorEntryOf(user.data, deps.now());
        const current = await deps.db.get(paths.user(entry.userId));
        return sameUser(current, entry) ? null : entry;
      }),
    );
    for (const entry of read) if (entry) entries.push([paths.user(entry.userId), entry]);
  }
  await deps.db.update({
    ...Object.fromEntries(entries),
    [paths.groupMembers(groupId)]: list.data.length === 0 ? null : members,
  });
}

/** A listed user as the mirror keeps them. */
function mirrorEntryOf(user: User, now: number): UserMirror {
  const image = user.image?.original_url ?? '';
  return {
    userId: String(user.id),
    name: user.name.slice(0, LIMITS.name),
    image: image.length > LIMITS.url ? '' : image,
    lastUpdate: now,
  };
}

/**
 * Mirrors a list of users. A complete list also records the sync (`mirrorSync`): when it ended
 * and how many users and devices the mirror then held, written after everything else, so its
 * time says the mirror is at least that fresh. Throws when a write fails.
 */
export async function syncUsers(
  listed: unknown[],
  complete: boolean,
  deps: Pick<MirrorDeps, 'db' | 'now' | 'logger'>,
) {
  const mirroredUsers = await readPaged(deps.db, 'users');
  const mirroredSlots = await readPaged(deps.db, 'deviceTokens');
  const now = deps.now();
  const writes: [string, unknown][] = [];
  const seen = new Set<string>();
  const held = { users: 0, devices: 0 };
  let skipped = 0;

  for (const item of listed) {
    const parsed = userSchema.safeParse(item);
    if (!parsed.success) {
      // Still listed, so never removed, even if this entry cannot be mirrored.
      const id = listedIdSchema.safeParse(item);
      const userId = id.success ? String(id.data.id) : undefined;
      if (userId !== undefined && !seen.has(userId)) {
        seen.add(userId);
        if (mirroredUsers.has(userId)) held.users += 1;
        held.devices += slotsHeld(mirroredSlots.get(userId), []);
      }
      skipped++;
      continue;
    }
    const user = parsed.data;
    const userId = String(user.id);
    if (seen.has(userId)) continue;
    seen.add(userId);
    const entry = mirrorEntryOf(user, now);
    if (!sameUser(mirroredUsers.get(userId), entry)) writes.push([paths.user(userId), entry]);
    const assigned = slotsFor(user.device_ids, mirroredSlots.get(userId));
    for (const [slot, token] of assigned) {
      const device: DeviceTokenEntry = { token, updatedAt: now };
      writes.push([`${paths.deviceTokens(userId)}/${slot}`, device]);
    }
    held.users += 1;
    held.devices += slotsHeld(mirroredSlots.get(userId), assigned);
  }

  if (complete) {
    for (const userId of new Set([...mirroredUsers.keys(), ...mirroredSlots.keys()])) {
      if (!seen.has(userId))
        writes.push([paths.user(userId), null], [paths.deviceTokens(userId), null]);
    }
  }

  for (const batch of chunk(writes, MIRROR_BATCH_PATHS)) {
    await deps.db.update(Object.fromEntries(batch));
  }
  if (complete) {
    const sync: MirrorSync = { completedAt: deps.now(), ...held };
    await deps.db.update({ [paths.mirrorSync()]: sync });
  }
  if (skipped > 0)
    deps.logger.warn('Listed users the mirror could not read were left as they were', { skipped });
}

/** How many of a user's slots hold a device once `assigned` (slot, token) pairs are written. */
function slotsHeld(mirrored: unknown, assigned: readonly [string, string][]): number {
  const current = childrenOf(mirrored);
  const slots = new Set(
    deviceSlots.filter((slot) => deviceTokenEntrySchema.safeParse(current[slot]).success),
  );
  for (const [slot] of assigned) slots.add(slot);
  return slots.size;
}

/** A node's children, read a bounded page at a time. */
async function readPaged(db: Db, path: string): Promise<Map<string, unknown>> {
  const children = new Map<string, unknown>();
  for await (const page of childPages(db, path, MIRROR_READ_PAGE)) {
    for (const [key, value] of page) children.set(key, value);
  }
  return children;
}

/**
 * Where the upstream's device ids of a user go among the user's ten slots: the newest ten that
 * look like FCM tokens and are not mirrored yet, each into a free slot or else the slot updated
 * longest ago whose token the upstream no longer lists. A slot the app filled with a token the
 * upstream does not know is free game only once every slot is taken, oldest first.
 */
function slotsFor(deviceIds: readonly string[], mirrored: unknown): [string, string][] {
  const listed = [...new Set(deviceIds)]
    .filter((token) => fcmTokenSchema.safeParse(token).success)
    .slice(-DEVICE_SLOTS);
  const current = childrenOf(mirrored);
  const held = new Map<string, DeviceTokenEntry>();
  for (const slot of deviceSlots) {
    const entry = deviceTokenEntrySchema.safeParse(current[slot]);
    if (entry.success) held.set(slot, entry.data);
  }
  const heldTokens = new Set([...held.values()].map((entry) => entry.token));
  const listedSet = new Set(listed);
  const free = [
    ...deviceSlots.filter((slot) => !held.has(slot)),
    ...[...held]
      .filter(([, entry]) => !listedSet.has(entry.token))
      .sort(([, a], [, b]) => a.updatedAt - b.updatedAt)
      .map(([slot]) => slot),
  ];
  return listed
    .filter((token) => !heldTokens.has(token))
    .slice(0, free.length)
    .map((token, index): [string, string] => [free[index] as string, token]);
}

function sameUser(current: unknown, next: UserMirror): boolean {
  const parsed = userMirrorSchema.safeParse(current);
  return (
    parsed.success &&
    parsed.data.userId === next.userId &&
    parsed.data.name === next.name &&
    parsed.data.image === next.image
  );
}
