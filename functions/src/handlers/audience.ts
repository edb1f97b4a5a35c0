import {
  AUDIENCE_FRESH_MS,
  mirrorSyncSchema,
  paths,
  type Audience,
  type AudienceQuery,
} from '../contracts/index.js';
import type { Clock, Db } from './ports.js';
import { devicesOfUsers, membersOf } from './recipients.js';

export interface AudienceDeps {
  db: Db;
  now: Clock;
  /** Syncs the whole user list into the mirror with the admin's credentials; throws if it cannot. */
  syncAll: () => Promise<void>;
  /**
   * Refreshes a group's members in the mirror from the upstream, as a send to the group does
   * before it writes its alert; a refresh that fails leaves the mirror as it was.
   */
  syncGroup: (groupId: string) => Promise<void>;
}

/**
 * How many users and devices a push to `query` would reach. Everyone is counted from the record
 * of the last full sync of the user list, run again first when older than `AUDIENCE_FRESH_MS` (a
 * deploy, a night of sign-ups), so a send right after does not go to yesterday's audience; a
 * group's members are refreshed first, as its send refreshes them; a user or a group is then
 * counted from the mirror as the push would read it.
 */
export async function audienceOf(query: AudienceQuery, deps: AudienceDeps): Promise<Audience> {
  const lastSync = async () => {
    const sync = mirrorSyncSchema.safeParse(await deps.db.get(paths.mirrorSync()));
    return sync.success ? sync.data : null;
  };
  const before = await lastSync();
  if (query.target === 'all') {
    const fresh = before !== null && deps.now() - before.completedAt < AUDIENCE_FRESH_MS;
    const sync = fresh ? before : (await deps.syncAll(), await lastSync());
    if (sync === null) throw new Error('The user list was synced but no sync was recorded');
    return {
      users: sync.users,
      devices: sync.devices,
      syncedAt: sync.completedAt,
      refreshed: !fresh,
    };
  }
  if (query.target === 'group') await deps.syncGroup(query.id);
  const userIds = query.target === 'user' ? [query.id] : await membersOf(deps.db, query.id);
  let devices = 0;
  for await (const page of devicesOfUsers(deps.db, userIds)) devices += page.length;
  return {
    users: userIds.length,
    devices,
    syncedAt: before?.completedAt ?? null,
    refreshed: false,
  };
}
