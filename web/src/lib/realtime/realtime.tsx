import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { AuthProvider, DatabaseProvider, FirebaseAppProvider } from 'reactfire';
import type { FirebaseRuntime } from '../firebase/runtime';
import { useServices } from '../services';

type Realtime = Awaited<ReturnType<FirebaseRuntime['realtime']>>;
type Loading =
  { state: 'loading' } | { state: 'ready'; sdks: Realtime } | { state: 'failed'; error: unknown };

interface RealtimeProviderProps {
  /** Shown while the SDKs load. */
  fallback: ReactNode;
  /** Shown when they could not be loaded; `retry` tries again. */
  failed: (retry: () => void) => ReactNode;
  children: ReactNode;
}

/**
 * reactfire's providers for a realtime screen (chat): shows `fallback` until the Firebase SDKs
 * have loaded (they are not part of the sign-in page) and Auth knows its user. Import it from a
 * feature page only, so the Database SDK stays out of the first load.
 *
 * It waits in state rather than by suspending: React holds back revealing a suspended
 * boundary for up to 300 ms after its fallback showed, and on a cold open of a chat that was
 * most of the wait for the newest messages.
 */
export function RealtimeProvider({ fallback, failed, children }: RealtimeProviderProps) {
  const { firebase, logger } = useServices();
  const [attempt, setAttempt] = useState(0);
  // Asked for while rendering, as `use()` would: the SDKs start loading with the first render
  // rather than after the commit. The runtime loads them once, and again after a failure.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `attempt` asks again
  const realtime = useMemo(() => firebase.realtime(), [firebase, attempt]);
  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    realtime.then(
      (sdks) => live && setLoading({ state: 'ready', sdks }),
      (error: unknown) => {
        logger.warn('The realtime SDKs could not be loaded', error);
        if (live) setLoading({ state: 'failed', error });
      },
    );
    return () => {
      live = false;
    };
  }, [realtime, logger]);

  if (loading.state === 'failed') {
    return failed(() => {
      setLoading({ state: 'loading' });
      setAttempt((value) => value + 1);
    });
  }
  if (loading.state === 'loading') return fallback;
  const { app, auth, database } = loading.sdks;
  return (
    <FirebaseAppProvider firebaseApp={app}>
      <AuthProvider sdk={auth}>
        <DatabaseProvider sdk={database}>{children}</DatabaseProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
