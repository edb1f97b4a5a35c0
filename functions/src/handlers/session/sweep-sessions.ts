import * as z from 'zod/mini';
import { adminSessionSchema, paths } from '../../contracts/index.js';
import { childrenOf, type Clock, type Db, type Logger } from '../ports.js';
import { clearPushTokenOfSignedOut } from './admin-session.js';

/**
 * How long the record of a sign-in is kept. Only an upstream without a current-user call reads
 * it, to tell who holds a token; an admin whose token is older signs in again there.
 */
export const SIGN_IN_RECORD_MS = 30 * 24 * 60 * 60 * 1000;

const signInAtSchema = z.object({ at: z.number() });

export interface SweepDeps {
  db: Db;
  now: Clock;
  logger: Logger;
}

/**
 * Removes the session records that have lapsed (a browser closed without signing out, an admin
 * gone idle), and clears the push tokens of admins left with no live session, so a computer
 * nobody signed out of stops showing what members write. The rules already refuse a lapsed
 * session; the sweep keeps the records few and the pushes honest. Sign-in records go once
 * `SIGN_IN_RECORD_MS` old. Resolves to the number of sessions removed.
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
  const removed = Object.keys(removals).length;
  let signIns = 0;
  for (const [hash, value] of Object.entries(childrenOf(await deps.db.get(paths.signIns())))) {
    const record = signInAtSchema.safeParse(value);
    if (record.success && now - record.data.at <= SIGN_IN_RECORD_MS) continue;
    removals[paths.signIn(hash)] = null;
    signIns += 1;
  }
  if (removed + signIns === 0) return 0;
  await deps.db.update(removals);
  for (const uid of admins) await clearPushTokenOfSignedOut(deps.db, uid, now);
  deps.logger.info('Removed lapsed admin sessions and old sign-ins', {
    removed,
    admins: admins.size,
    signIns,
  });
  return removed;
}
