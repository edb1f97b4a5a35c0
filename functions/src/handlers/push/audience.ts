import {
  AUDIENCE_FRESH_MS,
  audienceQuerySchema,
  mirrorSyncSchema,
  paths,
  type Audience,
  type AudienceQuery,
} from '../../contracts/index.js';
import { adminOf, type GetMe } from '../session/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import { devicesOfUsers, membersOf } from './recipients.js';
import { failureReply, jsonReply, MESSAGES, type ProxyReply } from '../upstream/index.js';

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

/**
 * `GET /api/audience?target=…` of an admin: how many users and devices a push would reach.
 * `countingFor` gives the counting's deps with the admin's own token, so a stale user mirror is
 * synced with it and written before the reply; undefined where there is no database.
 */
export async function serveAudience(
  request: { authorization: string | undefined; search: string },
  deps: {
    getMe: GetMe;
    logger: Logger;
    countingFor: ((authorization: string) => AudienceDeps) | undefined;
  },
): Promise<ProxyReply> {
  const admin = await adminOf(request.authorization, deps.getMe);
  if ('reply' in admin) return admin.reply;
  const query = audienceQuerySchema.safeParse(
    Object.fromEntries(new URLSearchParams(request.search)),
  );
  if (!query.success) return failureReply(400, MESSAGES.badAudience);
  // adminOf let only a bearer token through.
  const counting = deps.countingFor?.(request.authorization as string);
  if (counting === undefined) return failureReply(503, MESSAGES.databaseUnavailable);
  try {
    const audience = await audienceOf(query.data, counting);
    return jsonReply(200, { metadata: { success: 1, message: '' }, payload: audience });
  } catch (error) {
    deps.logger.error('The audience could not be counted', { error: String(error) });
    return failureReply(502, MESSAGES.audienceUnavailable);
  }
}
