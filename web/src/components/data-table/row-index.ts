/**
 * Client-side search, sort and paging over large lists (100 000 rows must answer each action in
 * well under 100 ms). TanStack's own row models rebuild a Row object per row on every change;
 * instead the table hands TanStack only the visible page and keeps this index beside it:
 * - search strings are lower-cased once per data set, a keystroke is one `includes` per row;
 * - each column is sorted once per data set into a permutation (precomputed keys, a plain
 *   comparison), after which asc, desc and any filter are a single linear walk.
 */

export type SortValue = string | number | boolean | Date | null | undefined;

export interface RowIndexOptions<T> {
  /** The text the search box matches (a case-insensitive substring match). */
  searchText: (row: T) => string;
  /** The value a column sorts by. */
  sortValue: (row: T, columnId: string) => SortValue;
}

export interface SortSpec {
  id: string;
  desc: boolean;
}

export interface RowView {
  /** Row positions in display order, or null for "every row, in data order". */
  order: Uint32Array | null;
  count: number;
}

export interface RowIndex<T> {
  readonly rows: readonly T[];
  view(query: string, sort: SortSpec | null): RowView;
  /** Row at a display position of a view. */
  at(view: RowView, position: number): T | undefined;
  /** Precompute what a later search or sort of these columns needs (for idle time). */
  warm(columnIds: readonly string[]): void;
}

type Key = number | string;

function keyOf(value: SortValue): Key | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value.toLowerCase();
}

/** Whole numbers spread over at most this many values per row sort by counting. */
const COUNTING_SPREAD = 4;

/**
 * The order of whole-number keys from a compact range (ids, ranks, counts), by counting: linear
 * time, where a comparison sort of 100 000 rows holds the page for a long task. Stable, empty
 * values last, as the comparison sort. Null when the keys are not of that kind.
 */
function countingPermutation(keys: readonly (Key | null)[]): Uint32Array | null {
  const n = keys.length;
  let min = Infinity;
  let max = -Infinity;
  for (const key of keys) {
    if (key === null) continue;
    if (typeof key !== 'number' || !Number.isInteger(key)) return null;
    if (key < min) min = key;
    if (key > max) max = key;
  }
  if (max === -Infinity) return null;
  const span = max - min + 1;
  if (span > COUNTING_SPREAD * n + 1024) return null;
  // Bucket `span` holds the empty values, after every number.
  const starts = new Uint32Array(span + 2);
  for (const key of keys) {
    const bucket = (key === null ? span : (key as number) - min) + 1;
    starts[bucket] = (starts[bucket] as number) + 1;
  }
  for (let bucket = 1; bucket < starts.length; bucket += 1) {
    starts[bucket] = (starts[bucket] as number) + (starts[bucket - 1] as number);
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) {
    const key = keys[i] as Key | null;
    const bucket = key === null ? span : (key as number) - min;
    const at = starts[bucket] as number;
    order[at] = i;
    starts[bucket] = at + 1;
  }
  return order;
}

/** Ascending order of the rows by one column: numbers before text, empty values last. */
function sortPermutation<T>(rows: readonly T[], value: (row: T) => SortValue): Uint32Array {
  const n = rows.length;
  const keys = new Array<Key | null>(n);
  let allNumeric = true;
  for (let i = 0; i < n; i += 1) {
    const key = keyOf(value(rows[i] as T));
    keys[i] = key;
    if (key !== null && typeof key !== 'number') allNumeric = false;
  }
  if (allNumeric) {
    const counted = countingPermutation(keys);
    if (counted) return counted;
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) order[i] = i;
  if (allNumeric) {
    const numeric = new Float64Array(n);
    for (let i = 0; i < n; i += 1) numeric[i] = (keys[i] as number | null) ?? Infinity;
    return order.sort((a, b) => (numeric[a] as number) - (numeric[b] as number) || a - b);
  }
  return order.sort((a, b) => {
    const ka = keys[a] as Key | null;
    const kb = keys[b] as Key | null;
    if (ka === kb) return a - b;
    if (ka === null) return 1;
    if (kb === null) return -1;
    if (typeof ka !== typeof kb) return typeof ka === 'number' ? -1 : 1;
    return ka < kb ? -1 : ka > kb ? 1 : a - b;
  });
}

export function createRowIndex<T>(rows: readonly T[], options: RowIndexOptions<T>): RowIndex<T> {
  let haystack: string[] | undefined;
  const permutations = new Map<string, Uint32Array>();
  let lastQuery: { query: string; matches: Uint8Array; count: number } | undefined;

  const searchStrings = () => {
    haystack ??= rows.map((row) => options.searchText(row).toLowerCase());
    return haystack;
  };
  const permutation = (columnId: string) => {
    let order = permutations.get(columnId);
    if (!order) {
      order = sortPermutation(rows, (row) => options.sortValue(row, columnId));
      permutations.set(columnId, order);
    }
    return order;
  };
  const match = (query: string) => {
    if (lastQuery?.query === query) return lastQuery;
    const strings = searchStrings();
    const matches = new Uint8Array(rows.length);
    let count = 0;
    // Typing one more character only narrows the previous result.
    const previous = lastQuery && query.startsWith(lastQuery.query) ? lastQuery.matches : null;
    for (let i = 0; i < strings.length; i += 1) {
      if (previous && previous[i] === 0) continue;
      if ((strings[i] as string).includes(query)) {
        matches[i] = 1;
        count += 1;
      }
    }
    lastQuery = { query, matches, count };
    return lastQuery;
  };

  return {
    rows,
    view(rawQuery, sort) {
      const query = rawQuery.trim().toLowerCase();
      const filter = query ? match(query) : null;
      if (!sort) {
        if (!filter) return { order: null, count: rows.length };
        const order = new Uint32Array(filter.count);
        let at = 0;
        for (let i = 0; i < rows.length; i += 1) if (filter.matches[i] === 1) order[at++] = i;
        return { order, count: filter.count };
      }
      const ascending = permutation(sort.id);
      const n = ascending.length;
      const order = new Uint32Array(filter ? filter.count : n);
      let at = 0;
      for (let step = 0; step < n; step += 1) {
        const i = ascending[sort.desc ? n - 1 - step : step] as number;
        if (!filter || filter.matches[i] === 1) order[at++] = i;
      }
      return { order, count: order.length };
    },
    at(view, position) {
      if (position < 0 || position >= view.count) return undefined;
      return rows[view.order ? (view.order[position] as number) : position];
    },
    warm(columnIds) {
      searchStrings();
      for (const id of columnIds) permutation(id);
    },
  };
}
