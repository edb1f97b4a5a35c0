import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import type { AlertPlayer } from '@/lib/push/alert-sound';
import { ALERT_SOUND_MAX_MS } from '@/lib/constants';
import { createI18n, readLanguage } from '@/lib/i18n';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';
import type { Logger } from '@/lib/logger';
import type { Session } from '@/lib/session/stored-session';
import { STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';
import { createThemeStore } from '@/lib/theme';
import { App } from './app';
import { createServices } from './create-services';
import { useGuardedLocation } from './guarded-location';
import { Providers } from './providers';
import { hideSplash } from './splash';

/**
 * Starts the app once boot.ts has begun fetching the first screen's code (`firstScreen`),
 * strings (`namespaces`) and the stored session (`storedSession`), all awaited before the first
 * render so that render does not suspend.
 */
export async function startApp({
  storage,
  storedSession,
  firstScreen,
  namespaces,
  logger,
  firebase,
}: {
  storage: KeyValueStorage;
  /** The session kept in storage, checked; null when there is none. */
  storedSession: Promise<Session | null>;
  firstScreen: Promise<unknown>;
  /** The first screen's string namespaces, loaded before it renders. */
  namespaces: readonly string[];
  logger: Logger;
  firebase: FirebaseRuntime;
}): Promise<void> {
  const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
  const theme = createThemeStore(storage, document.documentElement, () => darkQuery.matches);
  const [i18n, initialSession] = await Promise.all([
    createI18n(readLanguage(storage), namespaces),
    storedSession,
    firstScreen,
  ]);
  document.documentElement.lang = i18n.language;

  // The chime's code loads with the first push that plays it, not with the first screen.
  let player: Promise<AlertPlayer> | undefined;
  const alertPlayer = () =>
    (player ??= import('@/lib/push/alert-sound').then(({ createAlertPlayer }) =>
      createAlertPlayer(
        {
          createAudio: (src) => new Audio(src),
          createObjectUrl: (blob) => URL.createObjectURL(blob),
          setTimeout: (run, ms) => window.setTimeout(run, ms),
        },
        ALERT_SOUND_MAX_MS,
      ),
    ));

  const services = createServices({
    storage,
    initialSession,
    logger,
    theme,
    alertSound: {
      // A chunk that failed to load is asked for again by the next push.
      play: () =>
        alertPlayer().then(
          (loaded) => loaded.play(),
          () => {
            player = undefined;
            return false;
          },
        ),
    },
    fetch: window.fetch.bind(window),
    firebase,
    vapidKey: import.meta.env.VITE_FCM_VAPID_KEY || undefined,
    indexedDB: window.indexedDB,
    // Absent on plain http but for localhost, and in some private modes.
    serviceWorkers: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    resetLanguage: () => i18n.changeLanguage(readLanguage(storage)),
    reload: () => window.location.reload(),
    now: () => Date.now(),
  });

  // Signing in or out in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) {
      void services.session.refresh();
    }
  });
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html lacks #root');
  createRoot(root).render(
    <StrictMode>
      <Providers services={services} i18n={i18n}>
        <Router hook={useGuardedLocation}>
          <App onReady={hideSplash} />
        </Router>
      </Providers>
    </StrictMode>,
  );
}
