/**
 * A time-ordered Realtime Database list (the notifications history, the audit log), a page at a
 * time. The children are ordered by their time (`timeStamp` here) with their key as tie-breaker; the newest page is read with `limitToLast`, an older one `endBefore` the
 * oldest row shown, a newer one `startAfter` the newest shown, and the oldest page with
 * `limitToFirst` sized from the functions' alert count. Only these moves are possible without
 * reading every alert before a page, so only their pages are offered. Pure: the queries are
 * data, run by the store (`constraintsOf` turns one into the SDK's constraints).
 */
import type * as DatabaseSdk from 'firebase/database';

/** Where an alert sits in the order: its time, then its key. */
export interface Cursor {
  timeStamp: number;
  key: string;
}

/** Inclusive bounds on `timeStamp`, in ms; either may be open. */
export interface TimeRange {
  from?: number;
  to?: number;
}

/** One Realtime Database query on the alerts ordered by `timeStamp`. */
export interface HistoryQuery {
  startAt?: number;
  endAt?: number;
  startAfter?: Cursor;
  endBefore?: Cursor;
  limitToFirst?: number;
  limitToLast?: number;
}

/**
 * The page to show: its 0-based index, its query, and whether older alerts exist: `probe` when
 * the query reads one row more than a page to find out.
 */
export interface PageRequest {
  index: number;
  query: HistoryQuery;
  older: 'probe' | 'yes' | 'no';
}

/** A page as read: its alerts newest first, and whether an older page exists. */
export interface Page<T extends Cursor> {
  index: number;
  rows: T[];
  hasOlder: boolean;
}

/** The history's size as far as it is known: exact, or at least `count`. */
export interface Total {
  count: number;
  exact: boolean;
}

const bounds = (range: TimeRange): HistoryQuery => ({
  ...(range.from === undefined ? {} : { startAt: range.from }),
  ...(range.to === undefined ? {} : { endAt: range.to }),
});

/** The newest page. */
export function firstPage(size: number, range: TimeRange = {}): PageRequest {
  return { index: 0, query: { ...bounds(range), limitToLast: size + 1 }, older: 'probe' };
}

/** The page after `page`, older alerts: ends before its oldest row. */
export function olderPage<T extends Cursor>(
  page: Page<T>,
  size: number,
  range: TimeRange = {},
): PageRequest {
  const oldest = page.rows.at(-1);
  if (!oldest) return firstPage(size, range);
  const { startAt } = bounds(range);
  return {
    index: page.index + 1,
    query: {
      ...(startAt === undefined ? {} : { startAt }),
      endBefore: cursorOf(oldest),
      limitToLast: size + 1,
    },
    older: 'probe',
  };
}

/** The page before `page`, newer alerts: starts after its newest row. */
export function newerPage<T extends Cursor>(
  page: Page<T>,
  size: number,
  range: TimeRange = {},
): PageRequest {
  const newest = page.rows[0];
  if (page.index <= 1 || !newest) return firstPage(size, range);
  const { endAt } = bounds(range);
  return {
    index: page.index - 1,
    query: {
      startAfter: cursorOf(newest),
      ...(endAt === undefined ? {} : { endAt }),
      limitToFirst: size,
    },
    older: 'yes',
  };
}

/** The oldest page, from the count: total % size rows, or a full page. */
export function lastPage(total: number, size: number): PageRequest {
  const count = pageCountOf(total, size);
  if (count <= 1) return firstPage(size);
  return { index: count - 1, query: { limitToFirst: total % size || size }, older: 'no' };
}

export const pageCountOf = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** What a request's query returned (oldest first, as the database orders it) as a page. */
export function pageOf<T extends Cursor>(request: PageRequest, children: readonly T[]): Page<T> {
  const size = request.query.limitToLast ?? request.query.limitToFirst ?? children.length;
  const probing = request.older === 'probe';
  const pageSize = probing ? size - 1 : size;
  const hasOlder = probing ? children.length > pageSize : request.older === 'yes';
  return { index: request.index, rows: children.slice(-pageSize).reverse(), hasOlder };
}

/**
 * The whole history's count when it is known (no date range, the functions' count read);
 * otherwise what the pages seen so far prove: exact once the oldest page is reached. A count
 * the pages contradict (alerts from before the functions counted them) gives way to the proof.
 */
export function totalOf<T extends Cursor>(
  page: Page<T>,
  size: number,
  counted: number | undefined,
): Total {
  const seen = page.index * size + page.rows.length;
  const proven = page.hasOlder ? { count: seen + 1, exact: false } : { count: seen, exact: true };
  const agrees =
    counted !== undefined && (proven.exact ? counted === seen : counted >= proven.count);
  return agrees ? { count: counted, exact: true } : proven;
}

/**
 * The 0-based pages one move away: the first, the previous, this one, the next, and the last
 * when the total is exact.
 */
export function reachablePages<T extends Cursor>(
  page: Page<T>,
  size: number,
  total: Total,
): number[] {
  const last = total.exact ? pageCountOf(total.count, size) - 1 : undefined;
  const pages = new Set([0, page.index]);
  if (page.index > 0) pages.add(page.index - 1);
  if (page.hasOlder || (last !== undefined && page.index < last)) pages.add(page.index + 1);
  if (last !== undefined) pages.add(last);
  return [...pages].sort((a, b) => a - b);
}

/** The request that shows page `index` from `page`; undefined when it is not reachable. */
export function requestFor<T extends Cursor>(
  index: number,
  page: Page<T>,
  size: number,
  range: TimeRange,
  total: Total,
): PageRequest | undefined {
  if (index === 0) return firstPage(size, range);
  if (index === page.index + 1) return olderPage(page, size, range);
  if (index === page.index - 1) return newerPage(page, size, range);
  if (total.exact && index === pageCountOf(total.count, size) - 1) {
    return lastPage(total.count, size);
  }
  return undefined;
}

/** Rows read per query by an export. */
export const EXPORT_BATCH = 500;

/** Runs one query: the rows it matches, oldest first as the database orders them. */
export type ReadQuery<T> = (query: HistoryQuery) => Promise<T[]>;

/**
 * Every row in the range that `keep` accepts, newest first, read `batch` rows at a time;
 * `onRead` hears how many are kept after each batch.
 */
export async function readAll<T extends Cursor>(
  range: TimeRange,
  keep: (row: T) => boolean,
  read: ReadQuery<T>,
  batch: number,
  onRead: (rows: number) => void = () => {},
): Promise<T[]> {
  const kept: T[] = [];
  let request = firstPage(batch, range);
  for (;;) {
    const rows = await read(request.query);
    // One row more than a batch is read to know an older one exists; it opens the next batch.
    const more = rows.length > batch;
    const taken = more ? rows.slice(1) : rows;
    kept.push(...taken.filter(keep).reverse());
    onRead(kept.length);
    const oldest = taken[0];
    if (!more || !oldest) return kept;
    request = olderPage({ index: 0, rows: [oldest], hasOlder: true }, batch, range);
  }
}

const cursorOf = ({ timeStamp, key }: Cursor): Cursor => ({ timeStamp, key });

/** A query's constraints on the children ordered by `child`, in the order the SDK wants them. */
export function constraintsOf(
  db: typeof DatabaseSdk,
  child: string,
  query: HistoryQuery,
): DatabaseSdk.QueryConstraint[] {
  const { startAt, endAt, startAfter, endBefore, limitToFirst, limitToLast } = query;
  return [
    db.orderByChild(child),
    ...(startAt === undefined ? [] : [db.startAt(startAt)]),
    ...(startAfter ? [db.startAfter(startAfter.timeStamp, startAfter.key)] : []),
    ...(endAt === undefined ? [] : [db.endAt(endAt)]),
    ...(endBefore ? [db.endBefore(endBefore.timeStamp, endBefore.key)] : []),
    ...(limitToFirst === undefined ? [] : [db.limitToFirst(limitToFirst)]),
    ...(limitToLast === undefined ? [] : [db.limitToLast(limitToLast)]),
  ];
}
