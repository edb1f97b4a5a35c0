import { useCallback, useEffect, useState } from 'react';
import type { QueryParams } from '../schemas';
import type { ListActions } from '../state/list-actions';
import type { ListState } from '../state/list-state';
import { useStoreState, type Store } from '../state/store';

/** What the shop's lists ask for: every match, in id order; the shared table pages and sorts. */
export function listParams(filter: QueryParams['filter']): QueryParams {
  // The demo data holds tens of rows, so one page holds every match and the table can page and
  // sort them without another 300 ms round trip.
  return { filter, sortField: 'id', sortOrder: 'asc', pageNumber: 1, pageSize: 1000 };
}

export interface ShopListView<T> {
  state: ListState<T>;
  /** The rows of this query, once they have arrived (not another scope's). */
  rows: readonly T[] | undefined;
  /** The last list request failed (the rows shown, if any, are older). */
  failed: boolean;
  refresh: () => Promise<void>;
}

/**
 * Loads a list into its store whenever the query changes, and says whether what the store holds
 * belongs to this query (remarks of another car do not).
 */
export function useShopList<T, F, A>(
  list: { store: Store<ListState<T>, A>; actions: ListActions<T, F> },
  filter: QueryParams['filter'],
  scope?: number,
): ShopListView<T> {
  const state = useStoreState(list.store);
  const key = JSON.stringify([filter, scope]);
  const [loadedScope, setLoadedScope] = useState<number | undefined | null>(null);
  const [failed, setFailed] = useState(false);
  const { actions } = list;

  const load = useCallback(() => {
    const [query, owner] = JSON.parse(key) as [QueryParams['filter'], number | null];
    return actions.fetchList(listParams(query), owner ?? undefined).then(
      (reply) => (reply ? { loaded: owner ?? undefined } : null),
      () => 'failed' as const,
    );
  }, [actions, key]);
  const settle = useCallback((outcome: Awaited<ReturnType<typeof load>>) => {
    if (outcome === 'failed') setFailed(true);
    else if (outcome) {
      setLoadedScope(outcome.loaded);
      setFailed(false);
    }
  }, []);

  useEffect(() => {
    let live = true;
    void load().then((outcome) => {
      if (live) settle(outcome);
    });
    return () => {
      live = false;
    };
  }, [load, settle]);

  const refresh = useCallback(() => load().then(settle), [load, settle]);

  return {
    state,
    rows: loadedScope === scope && state.entities ? state.entities : undefined,
    failed,
    refresh,
  };
}
