import type { SessionUser } from '@contracts/upstream';
import { isApiError } from '../api/api-client';
import type { Logger } from '../logger';

/**
 * Whether the signed-in admin is an admin still. Being demoted upstream says nothing to this
 * page, so it asks `GET /api/session/user` again every `ROLE_RECHECK_MS` and whenever the tab comes back
 * into view or focus (a laptop lid opened after a weekend). Loaded after the first paint.
 */

/** At most this long between two checks while the tab is open. */
export const ROLE_RECHECK_MS = 10 * 60_000;

export interface RoleCheckDeps {
  /** `GET /api/session/user`: the user as the upstream knows them now. */
  getMe: () => Promise<SessionUser>;
  /** Ends the session: on the server (the database refuses it from then on) and in the page. */
  signOut: () => Promise<void>;
  logger: Logger;
  intervalMs: number;
  /** Where `focus` is heard. */
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Where `visibilitychange` is heard, and whether the tab is seen. */
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * Signs out when the upstream says the user is no admin, or refuses the token (401, 403): the
 * role is what the session stands on. No answer (offline, the upstream down: 5xx) or an answer
 * that cannot be read says nothing about the role, so the session stands and the next check
 * asks again.
 */
export async function checkRole(deps: Pick<RoleCheckDeps, 'getMe' | 'signOut' | 'logger'>) {
  let user: SessionUser;
  try {
    user = await deps.getMe();
  } catch (error) {
    const refused =
      isApiError(error) &&
      (error.kind === 'unauthorized' || error.status === 401 || error.status === 403);
    if (!refused) {
      deps.logger.warn('Could not re-check the admin role now', error);
      return;
    }
    await deps.signOut();
    return;
  }
  if (user.role[0] !== 'admin') await deps.signOut();
}

/** Checks the role every `intervalMs`, on focus and when the tab is shown, until `signal` aborts. */
export function keepCheckingRole(deps: RoleCheckDeps, signal: AbortSignal): void {
  if (signal.aborted) return;
  let checking = false;
  const check = () => {
    if (checking || signal.aborted) return;
    checking = true;
    void checkRole(deps).finally(() => {
      checking = false;
    });
  };
  const onVisible = () => {
    if (deps.document.visibilityState === 'visible') check();
  };
  const timer = setInterval(check, deps.intervalMs);
  deps.window.addEventListener('focus', check);
  deps.document.addEventListener('visibilitychange', onVisible);
  signal.addEventListener(
    'abort',
    () => {
      clearInterval(timer);
      deps.window.removeEventListener('focus', check);
      deps.document.removeEventListener('visibilitychange', onVisible);
    },
    { once: true },
  );
}
