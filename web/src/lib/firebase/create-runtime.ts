import { once, type FirebaseDeps, type FirebaseRuntime } from './runtime';

/**
 * The runtime, its code loaded on the first call of any method: a screen that never reads the
 * database (the user list) does without it until after its first paint.
 */
export function createFirebaseRuntime(deps: FirebaseDeps): FirebaseRuntime {
  const runtime = once(() =>
    import('./load-runtime').then(({ loadFirebaseRuntime }) => loadFirebaseRuntime(deps)),
  );
  return {
    config: () => runtime().then((loaded) => loaded.config()),
    app: () => runtime().then((loaded) => loaded.app()),
    auth: () => runtime().then((loaded) => loaded.auth()),
    database: () => runtime().then((loaded) => loaded.database()),
    realtime: () => runtime().then((loaded) => loaded.realtime()),
  };
}
