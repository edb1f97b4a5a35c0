import { useEffect, useState } from 'react';
import type { AlertHistory, AlertStore } from './alert-store';

const LOADING: AlertHistory = { status: 'loading' };

/**
 * The notification history, live: newest first, delivery records included as they land. A new
 * `attempt` starts listening again (after a failure).
 */
export function useAlertHistory(store: AlertStore, attempt = 0): AlertHistory {
  const [latest, setLatest] = useState<{
    store: AlertStore;
    attempt: number;
    history: AlertHistory;
  } | null>(null);
  useEffect(
    () => store.watch((history) => setLatest({ store, attempt, history })),
    [store, attempt],
  );
  // What an earlier listener said is not the answer to this one.
  return latest && latest.store === store && latest.attempt === attempt ? latest.history : LOADING;
}
