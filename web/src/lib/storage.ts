/**
 * Local storage keys (docs/product.md#local-storage). Only `token` and `user` are session state;
 * `unconfirmedSignOut` outlives a sign-out on purpose.
 */
export const STORAGE_KEYS = {
  token: 'userToken',
  user: 'userDetails',
  builderActiveTab: 'builderActiveTab',
  language: 'i18nConfig',
  layout: 'LayoutConfig',
  theme: 'theme',
  pricesView: 'todayPricesView',
  unconfirmedSignOut: 'unconfirmedSignOut',
} as const;

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
