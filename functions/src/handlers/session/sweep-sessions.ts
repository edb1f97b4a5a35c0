import { adminSessionSchema, paths } from '../../contracts/index.js';
import { childrenOf, type Clock, type Db, type Logger } from '../ports.js';
import { clearPushTokenOfSignedOut } from './admin-session.js';

export interface SweepDeps {
  db: Db;
  now: Clock;
  logger: Logger;
}

/**
 * Removes the session records that have lapsed (a browser closed without signing out, an admin
 * gone idle), and clears the push tokens of admins left with no live session, so a computer
 * nobody signed out of stops showing what members write. The rules already refuse a lapsed
 * session; the sweep keeps the records few and the pushes honest. Resolves to the number removed.
 */
export async function sweepAdminSessions(deps: SweepDeps): Promise<number> {
  const now = deps.now();
  const removals: Record<string, null> = {};
  const admins = new Set<string>();
  for (const [uid, sessions] of Object.entries(
    childrenOf(await deps.db.get(paths.allAdminSessions())),
  )) {
    for (const [id, value] of Object.entries(childrenOf(sessions))) {
      const session = adminSessionSchema.safeParse(value);
      if (session.success && session.data.expiresAt > now) continue;
      removals[paths.adminSession(uid, id)] = null;
      admins.add(uid);
    }
  }
  if (admins.size === 0) return 0;
  await deps.db.update(removals);
  for (const uid of admins) await clearPushTokenOfSignedOut(deps.db, uid, now);
  const removed = Object.keys(removals).length;
  deps.logger.info('Removed lapsed admin sessions', { removed, admins: admins.size });
  return removed;
}
