import type * as z from 'zod/mini';
import { withParams } from '@/lib/api/query-string';

/**
 * A list's view (search, sort, page, page size) as query-string parameters, so a reload, Back
 * and a shared link show the same rows. Values that do not parse read as the defaults, and
 * defaults are left out, so an untouched list has a clean address. A prefix keeps two lists on
 * one page apart (`inv.q`, `inv.page`…).
 */

export interface ListSort {
  id: string;
  desc: boolean;
}

export interface ListState {
  query: string;
  sort: ListSort | null;
  /** 0-based; 1-based in the address. */
  page: number;
  size: number;
}

export interface ListStateOptions {
  prefix: string;
  defaults: ListState;
  /** The columns a list can be sorted by: any other `sort` reads as the default. */
  sortIds: ReadonlySet<string>;
  /** The page sizes offered: any other `size` reads as the default. */
  sizes: readonly number[];
}

// Plain patterns rather than schemas keep zod out of a list's first screen, which reads these.
const PAGE_NUMBER = /^[1-9]\d{0,8}$/;
// `name` ascending, `-name` descending, empty for "unsorted" when the default sorts.
const SORT_PARAM = /^-?[\w.-]*$/;

function matching(pattern: RegExp, value: string | null): string | undefined {
  return value !== null && pattern.test(value) ? value : undefined;
}

function readSort(value: string | undefined, options: ListStateOptions): ListSort | null {
  if (value === undefined) return options.defaults.sort;
  if (value === '') return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return options.sortIds.has(id) ? { id, desc } : options.defaults.sort;
}

function writeSort(sort: ListSort | null): string {
  if (!sort) return '';
  return sort.desc ? `-${sort.id}` : sort.id;
}

/** The list's view from a query string (with or without its leading `?`). */
export function parseListState(search: string, options: ListStateOptions): ListState {
  const params = new URLSearchParams(search);
  const key = (name: string) => params.get(options.prefix + name);
  const { defaults } = options;
  const page = matching(PAGE_NUMBER, key('page'));
  const size = Number(matching(PAGE_NUMBER, key('size')));
  return {
    query: key('q') ?? defaults.query,
    sort: readSort(matching(SORT_PARAM, key('sort')), options),
    page: page === undefined ? defaults.page : Number(page) - 1,
    size: options.sizes.includes(size) ? size : defaults.size,
  };
}

function sameSort(a: ListSort | null, b: ListSort | null): boolean {
  return a === b || (a !== null && b !== null && a.id === b.id && a.desc === b.desc);
}

/** The query string (no `?`) with the list's view in it; other parameters are kept. */
export function serializeListState(
  search: string,
  state: ListState,
  options: ListStateOptions,
): string {
  const { defaults } = options;
  return withParams(search, {
    [`${options.prefix}q`]: state.query === defaults.query ? null : state.query,
    [`${options.prefix}sort`]: sameSort(state.sort, defaults.sort) ? null : writeSort(state.sort),
    [`${options.prefix}page`]: state.page === defaults.page ? null : String(state.page + 1),
    [`${options.prefix}size`]: state.size === defaults.size ? null : String(state.size),
  });
}

/** One parameter, or the fallback when it is missing or does not parse. */
export function readParam<T>(
  search: string,
  name: string,
  schema: z.ZodMiniType<T>,
  fallback: T,
): T {
  const value = new URLSearchParams(search).get(name);
  if (value === null) return fallback;
  const result = schema.safeParse(value);
  return (result.success ? result.data : undefined) ?? fallback;
}
