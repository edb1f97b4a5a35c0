import { useEffect, useState } from 'react';
import type { HistoryQuery } from '@/components/data-table/time-paging';
import type { AlertPage, AlertStore } from './alert-store';

const LOADING: AlertPage = { status: 'loading' };

/**
 * One page of the notification history, live: delivery records included as they land. Another
 * query object, or a new `attempt` (after a failure), starts listening again.
 */
export function useAlertPage(store: AlertStore, query: HistoryQuery, attempt = 0): AlertPage {
  const [latest, setLatest] = useState<{
    store: AlertStore;
    query: HistoryQuery;
    attempt: number;
    page: AlertPage;
  } | null>(null);
  useEffect(
    () => store.watchPage(query, (page) => setLatest({ store, query, attempt, page })),
    [store, query, attempt],
  );
  // What an earlier listener said is not the answer to this one.
  return latest && latest.store === store && latest.query === query && latest.attempt === attempt
    ? latest.page
    : LOADING;
}

/** The functions' count of the alerts, live; undefined while unknown or when not `wanted`. */
export function useAlertCount(store: AlertStore, wanted: boolean): number | undefined {
  const [latest, setLatest] = useState<{ store: AlertStore; count: number | undefined }>();
  useEffect(() => {
    if (!wanted) return;
    return store.watchCount((count) => setLatest({ store, count }));
  }, [store, wanted]);
  return wanted && latest?.store === store ? latest.count : undefined;
}
