import type { SessionUser } from '@contracts/upstream/upstream';
import { isApiError } from '../api/api-client';
import type { Logger } from '../logger';

/**
 * Whether the signed-in admin is an admin still. Being demoted upstream says nothing to this
 * page, so it asks `GET /api/session/user` again every `ROLE_RECHECK_MS` and whenever the tab comes back
 * into view or focus (a laptop lid opened after a weekend). The same check renews the admin's
 * database session when they have used the page since the last renewal: a browser left idle
 * loses its database rights when its session lapses on the server, and gets a new session at
 * the first check after the admin is back. Loaded after the first paint.
 */

/** At most this long between two checks while the tab is open. */
export const ROLE_RECHECK_MS = 10 * 60_000;

export interface RoleCheckDeps {
  /** `GET /api/session/user`: the user as the upstream knows them now. */
  getMe: () => Promise<SessionUser>;
  /** Ends the session: on the server (the database refuses it from then on) and in the page. */
  signOut: () => Promise<void>;
  /** Extends the database session on the server, which re-checks the role itself. */
  renew: () => Promise<void>;
  logger: Logger;
  intervalMs: number;
  /** Where `focus`, and the admin's use of the page (a key, a click, a touch), are heard. */
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
export async function checkRole(
  deps: Pick<RoleCheckDeps, 'getMe' | 'signOut' | 'logger'>,
): Promise<boolean> {
  let user: SessionUser;
  try {
    user = await deps.getMe();
  } catch (error) {
    const refused =
      isApiError(error) &&
      (error.kind === 'unauthorized' || error.status === 401 || error.status === 403);
    if (!refused) {
      deps.logger.warn('Could not re-check the admin role now', error);
      return false;
    }
    await deps.signOut();
    return false;
  }
  if (user.role[0] === 'admin') return true;
  await deps.signOut();
  return false;
}

/**
 * Renews the database session; a refusal of the role there (403: demoted since the check) signs
 * out, as the check would. Any other failure leaves the session to the next check.
 */
async function renewSession(deps: Pick<RoleCheckDeps, 'renew' | 'signOut' | 'logger'>) {
  try {
    await deps.renew();
  } catch (error) {
    if (isApiError(error) && error.status === 403) await deps.signOut();
    else deps.logger.warn('Could not renew the database session now', error);
  }
}

/** What tells that the admin is using the page. */
const USE_EVENTS = ['keydown', 'pointerdown'] as const;

/**
 * Checks the role every `intervalMs`, on focus and when the tab is shown, until `signal` aborts,
 * renewing the database session after a check that finds the admin has used the page since.
 */
export function keepCheckingRole(deps: RoleCheckDeps, signal: AbortSignal): void {
  if (signal.aborted) return;
  let checking = false;
  let used = false;
  const markUsed = () => {
    used = true;
  };
  const check = () => {
    if (checking || signal.aborted) return;
    checking = true;
    void (async () => {
      const admin = await checkRole(deps);
      if (admin && used && !signal.aborted) {
        used = false;
        await renewSession(deps);
      }
    })().finally(() => {
      checking = false;
    });
  };
  const onVisible = () => {
    if (deps.document.visibilityState === 'visible') check();
  };
  const timer = setInterval(check, deps.intervalMs);
  deps.window.addEventListener('focus', check);
  for (const type of USE_EVENTS) deps.window.addEventListener(type, markUsed, { capture: true });
  deps.document.addEventListener('visibilitychange', onVisible);
  signal.addEventListener(
    'abort',
    () => {
      clearInterval(timer);
      deps.window.removeEventListener('focus', check);
      for (const type of USE_EVENTS) {
        deps.window.removeEventListener(type, markUsed, { capture: true });
      }
      deps.document.removeEventListener('visibilitychange', onVisible);
    },
    { once: true },
  );
}
