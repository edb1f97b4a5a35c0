import type { FirebaseDeps, FirebaseRuntime, RuntimeConfig } from './runtime';
import { once } from './runtime';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

async function fetchJson(fetchImpl: typeof fetch, url: string): Promise<unknown> {
  const response = await fetchImpl(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as unknown;
}

export async function loadRuntimeConfig(deps: FirebaseDeps): Promise<RuntimeConfig> {
  const local = LOCAL_HOSTS.has(deps.hostname);
  // The schemas' chunk and both files load at once: the first realtime screen waits for all three.
  const [{ firebaseConfigSchema, emulatorsSchema }, firebase, emulators] = await Promise.all([
    import('./config'),
    fetchJson(deps.fetch, '/__/firebase/init.json'),
    local
      ? fetchJson(deps.fetch, '/emulators.json').then(
          (json) => ({ json }),
          (error: unknown) => {
            deps.logger.info('No /emulators.json: using the configured Firebase project', error);
            return undefined;
          },
        )
      : Promise.resolve(undefined),
  ]);
  return {
    firebase: firebaseConfigSchema.parse(firebase),
    emulators: emulators ? emulatorsSchema.parse(emulators.json) : {},
  };
}

/** The runtime itself, loaded by `createFirebaseRuntime` on first use. */
export function loadFirebaseRuntime(deps: FirebaseDeps): FirebaseRuntime {
  const config = once(() => loadRuntimeConfig(deps));
  const app = once(async () => {
    const [{ firebase }, sdk] = await Promise.all([config(), import('firebase/app')]);
    return sdk.getApps()[0] ?? sdk.initializeApp(firebase);
  });
  const auth = once(async () => {
    const [instance, { emulators }, sdk] = await Promise.all([
      app(),
      config(),
      import('firebase/auth'),
    ]);
    // initializeAuth without a popup/redirect resolver keeps that code out of the bundle: the
    // app only ever signs in with a custom token.
    const result = sdk.initializeAuth(instance, {
      persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence],
    });
    if (emulators.auth && !result.emulatorConfig) {
      sdk.connectAuthEmulator(result, emulators.auth, { disableWarnings: true });
    }
    return result;
  });
  const database = once(async () => {
    const [instance, { emulators }, sdk] = await Promise.all([
      app(),
      config(),
      import('firebase/database'),
    ]);
    // Long polling injects scripts, which the CSP forbids; and a tab that once fell back to it
    // stays there. WebSockets only, in production and locally.
    sdk.forceWebSockets();
    const result = sdk.getDatabase(instance);
    if (emulators.database) {
      sdk.connectDatabaseEmulator(result, emulators.database.host, emulators.database.port);
    }
    return result;
  });
  const realtime = once(async () => {
    const [appInstance, authInstance, databaseInstance] = await Promise.all([
      app(),
      auth(),
      database(),
    ]);
    await authInstance.authStateReady();
    return { app: appInstance, auth: authInstance, database: databaseInstance };
  });
  return { config, app, auth, database, realtime };
}
