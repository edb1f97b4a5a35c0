import '@/index.css';
import { createFirebaseRuntime } from '@/lib/firebase/create-runtime';
import { preloadStrings, readLanguage } from '@/lib/i18n';
import { createConsoleLogger } from '@/lib/logger';
import { createSafeStorage, STORAGE_KEYS } from '@/lib/storage';
import { opensOnRealtime, pagesToPreload } from './route-table';

/**
 * The page's entry, kept small: it starts fetching the first screen's code (for a signed-in
 * visit the shell and the page) and strings, and the app's own code, all together, and Firebase
 * too when that screen opens on a database read. Were these started in main.tsx or on first
 * render, each would wait for the one before to arrive and run.
 *
 * Firebase goes first when it is wanted: its chain (runtime, SDKs and config, then the restored
 * sign-in's account lookup, then the database query) is longer than the app's, and the requests
 * asked for first are served first (over HTTP/1.1, as the local stack serves, they take the
 * browser's six connections).
 */
function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const storage = createSafeStorage(localStorageOrUndefined());
const signedIn = Boolean(storage.getItem(STORAGE_KEYS.token));
const logger = createConsoleLogger(console);
const firebase = createFirebaseRuntime({
  fetch: window.fetch.bind(window),
  hostname: window.location.hostname,
  logger,
});
// A failure is forgotten: the screen asks again, and says so when it fails there.
if (opensOnRealtime(window.location.pathname, signedIn)) firebase.realtime().catch(() => undefined);
// Then the app's own code: it can start while the first screen's code still arrives.
const app = import('./main');
// A signed-in screen first reads the stored session, whose check loads zod: started here too.
const storedSession = signedIn
  ? import('@/lib/session/stored-session').then(({ readStoredSession }) =>
      readStoredSession(storage),
    )
  : Promise.resolve(null);
const firstPages = pagesToPreload(window.location.pathname, signedIn);
const firstScreen = Promise.all(firstPages.map((page) => page.preload())).catch(() => undefined);
const namespaces = firstPages.flatMap((page) => page.namespace ?? []);
preloadStrings(readLanguage(storage), namespaces);
const { startApp } = await app;
await startApp({ storage, storedSession, firstScreen, namespaces, logger, firebase });
