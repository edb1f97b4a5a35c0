import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/index.css';
import { createAlertPlayer } from '@/lib/alert-sound';
import { ALERT_SOUND_MAX_MS } from '@/lib/constants';
import { createI18n, readLanguage } from '@/lib/i18n';
import { createConsoleLogger } from '@/lib/logger';
import { createSafeStorage, STORAGE_KEYS } from '@/lib/storage';
import { createThemeStore } from '@/lib/theme';
import { App } from './app';
import { createServices } from './create-services';
import { Providers } from './providers';
import { pagesToPreload } from './route-table';
import { hideSplash } from './splash';

function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const storage = createSafeStorage(localStorageOrUndefined());
const signedIn = Boolean(storage.getItem(STORAGE_KEYS.token));
// The first screen's code is fetched now, in parallel with the strings below, and awaited
// before the first render so that render does not suspend.
const firstScreen = Promise.all(
  pagesToPreload(window.location.pathname, signedIn).map((page) => page.preload()),
).catch(() => undefined);

const logger = createConsoleLogger(console);
const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
const theme = createThemeStore(storage, document.documentElement, () => darkQuery.matches);
const [i18n, initialSession] = await Promise.all([
  createI18n(readLanguage(storage)),
  signedIn
    ? import('@/lib/stored-session').then(({ readStoredSession }) => readStoredSession(storage))
    : null,
  firstScreen,
]);
document.documentElement.lang = i18n.language;

const services = createServices({
  storage,
  initialSession,
  logger,
  theme,
  alertSound: createAlertPlayer(
    {
      createAudio: (src) => new Audio(src),
      createObjectUrl: (blob) => URL.createObjectURL(blob),
      setTimeout: (run, ms) => window.setTimeout(run, ms),
    },
    ALERT_SOUND_MAX_MS,
  ),
  fetch: window.fetch.bind(window),
  hostname: window.location.hostname,
  vapidKey: import.meta.env.VITE_FCM_VAPID_KEY || undefined,
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
      <App onReady={hideSplash} />
    </Providers>
  </StrictMode>,
);
