import { useState } from 'react';
import { useSearch } from 'wouter';
import type * as z from 'zod/mini';
import {
  parseListState,
  readParam,
  serializeListState,
  type ListState,
  type ListStateOptions,
} from './url-state';
import { useSetSearch, withParams, type HistoryMode } from '@/lib/api/query-string';

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

/**
 * The query string and a way to set several of its parameters at once (a filter that also
 * sends a remotely paged list back to its first page); null removes a parameter.
 */
export function useUrlParams(): [
  string,
  (values: Record<string, string | null>, mode: HistoryMode) => void,
] {
  const search = useSearch();
  const setSearch = useSetSearch();
  return [search, (values, mode) => setSearch(withParams(search, values), mode)];
}
