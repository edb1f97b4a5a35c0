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

type Loaders = ReadonlyMap<string, Loader>;

/**
 * `<lang>/<namespace>` of a locale file: `src/locales/<lang>.json` is the common namespace,
 * `src/features/<feature>/locales/<lang>.json` the feature's namespace (and
 * `src/template/<part>/…` a template leftover's), and `src/components/<part>/locales/<lang>.json`
 * that of a shared part only lazy screens use.
 */
function localeKey(file: string): string | undefined {
  const part = /(?:features|template|components)\/([^/]+)\/locales\/([^/]+)\.json$/.exec(file);
  if (part?.[1] && part[2]) return `${part[2]}/${part[1]}`;
  const common = /locales\/([^/]+)\.json$/.exec(file)?.[1];
  return common ? `${common}/${COMMON_NAMESPACE}` : undefined;
}

function loadersOf(files: Record<string, Loader>): Loaders {
  const loaders = new Map<string, Loader>();
  for (const [file, load] of Object.entries(files)) {
    const key = localeKey(file);
    if (key) loaders.set(key, load);
  }
  return loaders;
}

/**
 * English files, fetched on demand; its common strings ship inside the main bundle. Another
 * language's loaders come with `locale-files.ts`, so the first load of the default language does
 * not carry a loader for each file of five others.
 */
const englishLoaders = loadersOf(
  import.meta.glob<unknown>(
    [
      '../features/*/locales/en.json',
      '../template/*/locales/en.json',
      '../components/*/locales/en.json',
    ],
    { import: 'default' },
  ),
);

/** The loaders of `language`'s files (the other languages' chunk is fetched once, then kept). */
export function localeLoaders(language: Language): Promise<Loaders> {
  if (language === DEFAULT_LANGUAGE) return Promise.resolve(englishLoaders);
  return import('./locale-files').then((module) => loadersOf(module.otherLanguageFiles));
}

/**
 * Starts fetching strings the first screen will read, so that they arrive with its code instead
 * of after its first render; i18next's own read of them then finds them loaded.
 */
export function preloadStrings(language: Language, namespaces: readonly string[]): void {
  // A failure is i18next's to report, when it reads the same strings.
  localeLoaders(language)
    .then((loaders) => {
      for (const namespace of namespaces) {
        loaders
          .get(`${language}/${namespace}`)?.()
          .catch(() => undefined);
      }
    })
    .catch(() => undefined);
}

function isResource(value: unknown): value is ResourceKey {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function lazyBackend(loadersFor: (language: Language) => Promise<Loaders>): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      const missing = () => new Error(`No ${namespace} strings for ${language}`);
      if (!isLanguage(language)) {
        callback(missing(), false);
        return;
      }
      loadersFor(language)
        .then((loaders) => {
          const load = loaders.get(`${language}/${namespace}`);
          if (!load) throw missing();
          return load();
        })
        .then(
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
    .use(lazyBackend(localeLoaders))
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
