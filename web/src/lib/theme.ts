import { STORAGE_KEYS, type KeyValueStorage } from './storage';

export type Theme = 'light' | 'dark';

/** A plain guard, not zod: it runs before the first paint (see lib/i18n.ts). */
export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

export interface ThemeStore {
  get(): Theme;
  subscribe(listener: () => void): () => void;
  set(theme: Theme): void;
  /** Back to the stored choice or the system's (after sign-out cleared storage). */
  reset(): void;
}

/** The stored choice, else the system's preference. Applied as the `dark` class on <html>. */
export function createThemeStore(
  storage: KeyValueStorage,
  root: HTMLElement,
  prefersDark: () => boolean,
): ThemeStore {
  const initial = () => {
    const stored = storage.getItem(STORAGE_KEYS.theme);
    if (isTheme(stored)) return stored;
    return prefersDark() ? 'dark' : 'light';
  };
  let current: Theme = initial();
  const listeners = new Set<() => void>();
  const apply = (theme: Theme) => {
    current = theme;
    root.classList.toggle('dark', theme === 'dark');
    for (const listener of listeners) listener();
  };
  apply(current);
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(theme) {
      storage.setItem(STORAGE_KEYS.theme, theme);
      apply(theme);
    },
    reset() {
      apply(initial());
    },
  };
}
