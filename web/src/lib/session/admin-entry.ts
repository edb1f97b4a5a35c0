import { paths } from '@contracts/realtime';
import type { AdminEntry } from '@contracts/admins/admin-sessions';
import type { FirebaseRuntime } from '../firebase/runtime';
import {
  adminEntryFor,
  readAdminEntries,
  updateAdminEntries,
  type AdminEntries,
} from '../firebase/session';
import type { Logger } from '../logger';
import { currentDeviceToken, type PushDeps } from '../push/push';
import { untilConnected, type RealtimeSessionStore } from '../realtime/session';
import type { SessionStore } from './session';

/**
 * The sign-in writes the admin's realtime entries after the app has opened, so a page load in
 * that moment can lose the write, and FCM may replace a browser's token at any time. So at every
 * start of a restored session the entries are checked and written until the admin's own entry
 * holds this browser's current token. Loaded after the first paint, never with the shell.
 */

/**
 * What to write so the entries hold `fresh` (the admin as the app knows them now, with the
 * current token); null when the admin's own entry holds that token already.
 * - No own entry: the sign-in's write never landed; it is written now, both entries, as the
 *   sign-in would have.
 * - Another token: only the token changes, in the own entry and in `admin` while `admin` still
 *   names this admin (an admin who signed in since keeps it).
 */
export function entryWrites(
  found: AdminEntries,
  fresh: AdminEntry,
): Record<string, AdminEntry | string> | null {
  const uid = fresh.id;
  if (found.own === null) return { [paths.admin()]: fresh, [paths.adminEntry(uid)]: fresh };
  if (found.own.deviceToken === fresh.deviceToken) return null;
  return {
    [`${paths.adminEntry(uid)}/deviceToken`]: fresh.deviceToken,
    ...(found.lastSignedInId === uid
      ? { [`${paths.admin()}/deviceToken`]: fresh.deviceToken }
      : {}),
  };
}

export interface AdminEntryDeps {
  firebase: FirebaseRuntime;
  session: SessionStore;
  realtimeSession: RealtimeSessionStore;
  push: PushDeps;
  logger: Logger;
  now: () => number;
}

/**
 * Once the admin has their Firebase session, makes their entries hold this browser's current
 * push token (the one the session stored when the browser gives none now). Does nothing once
 * `signal` aborts (sign-out). Resolves when done; a failure is logged, and the next start tries
 * again.
 */
export async function keepAdminEntry(deps: AdminEntryDeps, signal: AbortSignal): Promise<void> {
  const session = deps.session.get();
  const wanted = () => !signal.aborted;
  if (!session || !(await untilConnected(deps.realtimeSession, wanted, signal))) return;
  const token = (await currentDeviceToken(deps.push)) || session.user.deviceToken;
  const fresh = adminEntryFor(session.user, token, deps.now());
  try {
    const writes = entryWrites(await readAdminEntries(deps.firebase, fresh.id), fresh);
    if (signal.aborted) return;
    if (writes) await updateAdminEntries(deps.firebase, writes);
  } catch (error) {
    deps.logger.warn('Could not keep the admin entry', error);
    return;
  }
  const current = deps.session.get();
  if (!signal.aborted && current && current.user.deviceToken !== token) {
    deps.session.updateUser({ ...current.user, deviceToken: token });
  }
}
