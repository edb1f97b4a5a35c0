import { useEffect, useState } from 'react';
import { getCurrentUser, useCurrentUser } from '@/features/auth/api/get-current-user';
import { isApiError } from '@/lib/api/api-client';
import { useServices, useSession } from '@/lib/services';
import { toast } from '@/lib/toast';

/**
 * Keeps the signed-in session honest while the shell is shown:
 * - a session restored from storage is re-checked with GET /api/session/user: the user is refreshed, and
 *   any refusal signs out; no answer (offline, or the upstream down: 5xx)
 *   keeps the session;
 * - the Firebase session of the realtime screens is kept: a restored session whose Firebase
 *   sign-in was lost gets a new one (POST /api/session/firebase-token), and while it is
 *   unavailable it is asked for again in the background (`@/lib/realtime-keeper`);
 * - a restored session makes sure the admin's realtime entries hold this browser's current push
 *   token, writing them when a page load lost the sign-in's write or FCM replaced the token
 *   (`@/lib/admin-entry`);
 * - the admin role is re-checked with GET /api/session/user every 10 minutes and when the tab regains
 *   focus or comes into view; a demoted or refused admin is signed out, and an admin who used the
 *   page since the last check has their database session renewed (`@/lib/role-check`);
 * - push messages arriving in the foreground show a toast (9 s) and play the chime (5 s).
 * All of it starts once the first screen has been painted.
 */
export function useSessionKeeper(): void {
  const painted = useAfterFirstPaint();
  const services = useServices();
  const session = useSession();
  const restored = session?.origin === 'restored';
  const token = session?.token ?? '';
  const userId = session ? String(session.user.id) : '';
  // After the first paint too: the check's reply schema is not part of the first screen.
  const me = useCurrentUser(token, restored && painted);

  useEffect(() => {
    if (me.data) {
      const current = services.session.get();
      if (current)
        services.session.updateUser({ ...me.data, deviceToken: current.user.deviceToken });
    }
  }, [me.data, services.session]);

  useEffect(() => {
    if (!me.error) return;
    // No answer, or our proxy saying the upstream did not answer (5xx), is not a refusal.
    if (isApiError(me.error) && (me.error.kind === 'network' || (me.error.status ?? 0) >= 500)) {
      services.logger.warn('Could not re-check the session now', me.error);
      return;
    }
    void services.signOut();
  }, [me.error, services]);

  useEffect(() => {
    if (!painted || !userId) return;
    const controller = new AbortController();
    import('@/lib/realtime/keeper').then(
      ({ keepRealtimeSession }) =>
        keepRealtimeSession({ ...services, uid: userId }, controller.signal, restored),
      (error: unknown) => services.logger.warn('Could not keep the realtime session', error),
    );
    return () => controller.abort();
  }, [painted, restored, userId, services]);

  useEffect(() => {
    // A fresh sign-in writes the entries itself.
    if (!painted || !userId || !restored) return;
    const controller = new AbortController();
    import('@/lib/session/admin-entry').then(
      ({ keepAdminEntry }) => keepAdminEntry(services, controller.signal),
      (error: unknown) => services.logger.warn('Could not keep the admin entry', error),
    );
    return () => controller.abort();
  }, [painted, restored, userId, services]);

  useEffect(() => {
    if (!painted || !userId) return;
    const controller = new AbortController();
    Promise.all([
      import('@/lib/session/role-check'),
      import('@/lib/firebase/session'),
      // The local stack may ask for shorter intervals; without a config, the default.
      services.firebase.config().then(
        ({ emulators }) => emulators.roleRecheckMs,
        () => undefined,
      ),
    ]).then(
      ([{ keepCheckingRole, ROLE_RECHECK_MS }, { renewFirebaseSession }, intervalMs]) =>
        keepCheckingRole(
          {
            getMe: () => getCurrentUser(services.api),
            signOut: services.signOut,
            renew: () => renewFirebaseSession(services.firebase, services.api),
            logger: services.logger,
            intervalMs: intervalMs ?? ROLE_RECHECK_MS,
            window,
            document,
          },
          controller.signal,
        ),
      (error: unknown) => services.logger.warn('Could not re-check the admin role', error),
    );
    return () => controller.abort();
  }, [painted, userId, services]);

  useEffect(() => {
    if (!painted || !userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Loaded after the first paint: the first screen does without the push code.
    import('@/lib/push/push')
      .then(({ listenToForegroundPush }) =>
        listenToForegroundPush(services.push, (push) => {
          toast.push(push.title, push.body);
          void services.alertSound.play();
        }),
      )
      .then(
        (unsubscribe) => {
          if (cancelled) unsubscribe();
          else stop = unsubscribe;
        },
        (error: unknown) => services.logger.warn('Foreground push unavailable', error),
      );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [painted, userId, services]);
}

/**
 * True once the first screen has been painted. The Firebase SDKs the session needs are large:
 * loaded and run with the first render, they would hold its paint back.
 */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame's callback runs before its paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
