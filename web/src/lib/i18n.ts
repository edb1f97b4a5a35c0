import i18next, {
  type BackendModule,
  type i18n as I18n,
  type Namespace,
  type ParseKeys,
  type ResourceKey,
} from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import { readJson, STORAGE_KEYS, type KeyValueStorage } from './storage';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'es', label: 'Español' },
  { code: 'fr', label: 'Français' },
  { code: 'ja', label: '日本語' },
  { code: 'zh', label: '中文' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'en';

/*
 * The stored language and the bundled locale files are checked with plain guards rather than
 * zod: these run before the sign-in page paints, and the schema library would double what that
 * page downloads. Every API and realtime boundary is parsed with zod.
 */
export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

/**
 * A key known only at run time: a schema's error message, kept as a key until it is shown.
 * The compiler cannot check it; the locales test checks every message the schemas name.
 */
export function runtimeKey<Ns extends Namespace = 'common'>(key: string): ParseKeys<Ns> {
  return key as ParseKeys<Ns>;
}

/** The app's own strings; each feature brings a namespace named after its folder. */
export const COMMON_NAMESPACE = 'common';

/** Stored as the original did: `{"selectedLang":"ja"}` under `i18nConfig`. */
export function readLanguage(storage: KeyValueStorage): Language {
  const stored = readJson(storage, STORAGE_KEYS.language);
  const selected =
    typeof stored === 'object' && stored !== null && 'selectedLang' in stored
      ? stored.selectedLang
      : undefined;
  return isLanguage(selected) ? selected : DEFAULT_LANGUAGE;
}

/** The choice is stored and the page reloads to apply it everywhere. */
export function saveLanguage(storage: KeyValueStorage, language: Language, reload: () => void) {
  storage.setItem(STORAGE_KEYS.language, JSON.stringify({ selectedLang: language }));
  reload();
}

type Loader = () => Promise<unknown>;

/**
 * Every locale file, found at build time and fetched on demand: `src/locales/<lang>.json` is the
 * common namespace, `src/features/<feature>/locales/<lang>.json` the feature's namespace (and
 * `src/template/<part>/…` a template leftover's), and `src/components/<part>/locales/<lang>.json`
 * that of a shared part only lazy screens use.
 * English common strings ship inside the main bundle (the default, and every fallback).
 */
const commonFiles = import.meta.glob<unknown>(['../locales/*.json', '!../locales/en.json'], {
  import: 'default',
});
const featureFiles = import.meta.glob<unknown>(
  [
    '../features/*/locales/*.json',
    '../template/*/locales/*.json',
    '../components/*/locales/*.json',
  ],
  { import: 'default' },
);

export function localeLoaders(): Map<string, Loader> {
  const loaders = new Map<string, Loader>();
  for (const [file, load] of Object.entries(commonFiles)) {
    const lang = /locales\/([^/]+)\.json$/.exec(file)?.[1];
    if (lang) loaders.set(`${lang}/${COMMON_NAMESPACE}`, load);
  }
  for (const [file, load] of Object.entries(featureFiles)) {
    const match = /(?:features|template|components)\/([^/]+)\/locales\/([^/]+)\.json$/.exec(file);
    if (match?.[1] && match[2]) loaders.set(`${match[2]}/${match[1]}`, load);
  }
  return loaders;
}

/**
 * Starts fetching strings the first screen will read, so that they arrive with its code instead
 * of after its first render; i18next's own read of them then finds them loaded.
 */
export function preloadStrings(language: Language, namespaces: readonly string[]): void {
  const loaders = localeLoaders();
  for (const namespace of namespaces) {
    // A failure is i18next's to report, when it reads the same strings.
    loaders
      .get(`${language}/${namespace}`)?.()
      .catch(() => undefined);
  }
}

function isResource(value: unknown): value is ResourceKey {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lazyBackend(loaders: Map<string, Loader>): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      const load = loaders.get(`${language}/${namespace}`);
      if (!load) {
        callback(new Error(`No ${namespace} strings for ${language}`), false);
        return;
      }
      load().then(
        (data) => {
          if (isResource(data)) callback(null, data);
          else callback(new Error(`Unreadable ${namespace} strings for ${language}`), false);
        },
        (error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

/**
 * A ready i18next instance: the language's common strings, and those of `namespaces` (the first
 * screen's), are loaded when it resolves.
 */
export async function createI18n(
  language: Language,
  namespaces: readonly string[] = [],
): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(lazyBackend(localeLoaders()))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGES.map((l) => l.code),
      ns: [COMMON_NAMESPACE, ...namespaces],
      defaultNS: COMMON_NAMESPACE,
      fallbackNS: COMMON_NAMESPACE,
      partialBundledLanguages: true,
      resources: { en: { [COMMON_NAMESPACE]: en } },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return instance;
}
