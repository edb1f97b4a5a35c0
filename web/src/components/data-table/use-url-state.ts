import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type * as z from 'zod/mini';
import {
  parseListState,
  readParam,
  serializeListState,
  withParams,
  type ListState,
  type ListStateOptions,
} from './url-state';

/** 'replace' for typing (one history entry per search, not per keystroke), 'push' otherwise. */
export type HistoryMode = 'push' | 'replace';

/** Writes a new query string on the current path, keeping the navigation state it was given. */
function useSetSearch() {
  const [path, navigate] = useLocation();
  return (search: string, mode: HistoryMode) =>
    navigate(search ? `${path}?${search}` : path, {
      replace: mode === 'replace',
      // A page handed its data in the navigation state (a user's invoices) keeps it.
      state: typeof history === 'undefined' ? undefined : (history.state as unknown),
    });
}

/**
 * The list's view: in the query string under `options.prefix`, or, with a null prefix (a table
 * in a dialog), in component state.
 */
export function useListState(
  options: Omit<ListStateOptions, 'prefix'> & { prefix: string | null },
): [ListState, (next: ListState, mode: HistoryMode) => void] {
  const [local, setLocal] = useState(options.defaults);
  const search = useSearch();
  const setSearch = useSetSearch();
  const { prefix } = options;
  if (prefix === null) return [local, (next) => setLocal(next)];
  return [
    parseListState(search, { ...options, prefix }),
    (next, mode) => setSearch(serializeListState(search, next, { ...options, prefix }), mode),
  ];
}

/** One query-string parameter read with a schema (a list's filter, a page's search). */
export function useUrlParam<T extends string>(
  name: string,
  schema: z.ZodMiniType<T>,
  fallback: T,
): [T, (value: T, mode: HistoryMode) => void] {
  const search = useSearch();
  const setSearch = useSetSearch();
  return [
    readParam(search, name, schema, fallback),
    (value, mode) =>
      setSearch(withParams(search, { [name]: value === fallback ? null : value }), mode),
  ];
}
