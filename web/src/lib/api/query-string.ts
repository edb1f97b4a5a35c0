import { useLocation } from 'wouter';

/** The query string (no `?`) with these parameters set, or removed where null. */
export function withParams(search: string, values: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(values)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  return params.toString();
}

/** 'replace' for typing (one history entry per search, not per keystroke), 'push' otherwise. */
export type HistoryMode = 'push' | 'replace';

/** Writes a new query string on the current path, keeping the navigation state it was given. */
export function useSetSearch() {
  const [path, navigate] = useLocation();
  return (search: string, mode: HistoryMode) =>
    navigate(search ? `${path}?${search}` : path, {
      replace: mode === 'replace',
      // A page handed its data in the navigation state (a user's invoices) keeps it.
      state: typeof history === 'undefined' ? undefined : (history.state as unknown),
    });
}
