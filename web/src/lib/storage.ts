/** The build's own names for the language and layout keys, as the original set them. */
export interface StorageKeyConfig {
  VITE_LANGUAGE_STORAGE_KEY?: string;
  VITE_LAYOUT_STORAGE_KEY?: string;
}

/**
 * Local storage keys (docs/product.md#local-storage). Only `token` and `user` are the admin's
 * session; `authState` is the demo shop's; `unconfirmedSignOut` outlives a sign-out on purpose.
 * The language and layout keys come from the build configuration, `i18nConfig` and
 * `LayoutConfig` unless it names others.
 */
export function storageKeysFor(config: StorageKeyConfig) {
  const named = (value: string | undefined, fallback: string) => value?.trim() || fallback;
  return {
    token: 'userToken',
    user: 'userDetails',
    authState: 'authState',
    builderActiveTab: 'builderActiveTab',
    language: named(config.VITE_LANGUAGE_STORAGE_KEY, 'i18nConfig'),
    layout: named(config.VITE_LAYOUT_STORAGE_KEY, 'LayoutConfig'),
    theme: 'theme',
    pricesView: 'todayPricesView',
    unconfirmedSignOut: 'unconfirmedSignOut',
  } as const;
}

export const STORAGE_KEYS = storageKeysFor(import.meta.env);

/** The subset of the Web Storage API the app uses, so tests can pass a fake. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

/** Storage that never throws: private modes and full quotas degrade to "not stored". */
export function createSafeStorage(backing: KeyValueStorage | undefined): KeyValueStorage {
  const memory = new Map<string, string>();
  const attempt = <T>(run: (s: KeyValueStorage) => T, fallback: () => T): T => {
    if (!backing) return fallback();
    try {
      return run(backing);
    } catch {
      return fallback();
    }
  };
  return {
    getItem: (key) =>
      attempt(
        (s) => s.getItem(key),
        () => memory.get(key) ?? null,
      ),
    setItem: (key, value) =>
      attempt(
        (s) => s.setItem(key, value),
        () => void memory.set(key, value),
      ),
    removeItem: (key) =>
      attempt(
        (s) => s.removeItem(key),
        () => void memory.delete(key),
      ),
    clear: () =>
      attempt(
        (s) => s.clear(),
        () => memory.clear(),
      ),
  };
}

/** Reads a JSON value, or `undefined` when absent or unreadable. */
export function readJson(storage: KeyValueStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
