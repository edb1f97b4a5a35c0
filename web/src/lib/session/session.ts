import type { Session, StoredUser } from './stored-session';
import { STORAGE_KEYS, type KeyValueStorage } from '../storage';

export type { Session, StoredUser };

/**
 * The session lives in local storage (`userToken`, `userDetails`) so a reload
 * keeps it; this store mirrors it for React (`useSyncExternalStore`) with a stable snapshot.
 */
export interface SessionStore {
  get(): Session | null;
  subscribe(listener: () => void): () => void;
  start(token: string, user: StoredUser): void;
  updateUser(user: StoredUser): void;
  /** Sign-out clears ALL local storage, preferences included, as the original does. */
  clear(): void;
  /** Re-read storage (another tab signed in or out). */
  refresh(): Promise<void>;
}

/**
 * `initial` is what storage held at page load (`readStoredSession`, loaded only when a token is
 * there, so the sign-in page does not need the schema library to start).
 */
export function createSessionStore(
  storage: KeyValueStorage,
  initial: Session | null,
): SessionStore {
  let current = initial;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const same = (a: Session | null, b: Session | null) =>
    a?.token === b?.token && JSON.stringify(a?.user) === JSON.stringify(b?.user);

  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(token, user) {
      storage.setItem(STORAGE_KEYS.token, token);
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      current = { token, user, origin: 'signed-in' };
      emit();
    },
    updateUser(user) {
      if (!current) return;
      storage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
      current = { ...current, user };
      emit();
    },
    clear() {
      storage.clear();
      if (current === null) return;
      current = null;
      emit();
    },
    async refresh() {
      const next = storage.getItem(STORAGE_KEYS.token)
        ? (await import('./stored-session')).readStoredSession(storage)
        : null;
      if (same(current, next)) return;
      current = next;
      emit();
    },
  };
}

/** The first role of the stored user must equal the role or be in the list. */
export function hasRole(
  user: Pick<StoredUser, 'role'> | null,
  allowed: string | readonly string[],
) {
  const first = user?.role[0];
  if (first === undefined) return false;
  return typeof allowed === 'string' ? first === allowed : allowed.includes(first);
}
