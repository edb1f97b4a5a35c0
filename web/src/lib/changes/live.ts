import { useEffect, useState } from 'react';
import { useRealtimeSession } from '../services';
import { useChangeStore, type ChangeStore } from './change-store';

/** What a live read has said so far. */
export type Live<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: unknown };

const LOADING = { status: 'loading' } as const;

/** How one kind of value is followed in the store (a module constant: it never changes). */
export type Watch<T> = (
  store: ChangeStore,
  key: string,
  tell: (value: T) => void,
  failed: (error: unknown) => void,
) => () => void;

/**
 * Follows `key` with `watch` while the admin has their database session (and `key` is not
 * null); `retry` follows it again after a failure. Loading until the listener first answers.
 */
export function useLive<T>(
  watch: Watch<T>,
  key: string | null,
): { live: Live<T>; retry: () => void } {
  const store = useChangeStore();
  const following = useRealtimeSession().status === 'connected' && key !== null;
  const [attempt, setAttempt] = useState(0);
  const [seen, setSeen] = useState<{
    store: ChangeStore;
    key: string;
    attempt: number;
    live: Live<T>;
  } | null>(null);
  useEffect(() => {
    if (!following || key === null) return;
    const tell = (live: Live<T>) => setSeen({ store, key, attempt, live });
    return watch(
      store,
      key,
      (value) => tell({ status: 'ready', value }),
      (error) => tell({ status: 'error', error }),
    );
  }, [watch, store, key, following, attempt]);
  // What an earlier listener said is not the answer to this one.
  const current =
    following && seen?.store === store && seen.key === key && seen.attempt === attempt;
  return { live: current ? seen.live : LOADING, retry: () => setAttempt((n) => n + 1) };
}
