import { describe, expect, it } from 'vitest';
import {
  firstPage,
  lastPage,
  newerPage,
  olderPage,
  pageOf,
  reachablePages,
  readAll,
  requestFor,
  totalOf,
  type Cursor,
  type HistoryQuery,
  type PageRequest,
} from './time-paging';

/** 23 alerts, two of them sharing a time, ordered as the database orders them. */
const ALERTS: Cursor[] = Array.from({ length: 23 }, (_, i) => ({
  timeStamp: 1000 + Math.min(i, 21) * 10,
  key: `k${String(i).padStart(2, '0')}`,
}));

const before = (a: Cursor, b: Cursor) => a.timeStamp - b.timeStamp || a.key.localeCompare(b.key);

/** What the database answers to a query, oldest first. */
function run(query: HistoryQuery): Cursor[] {
  let rows = ALERTS.filter(
    (row) =>
      (query.startAt === undefined || row.timeStamp >= query.startAt) &&
      (query.endAt === undefined || row.timeStamp <= query.endAt) &&
      (!query.startAfter || before(row, query.startAfter) > 0) &&
      (!query.endBefore || before(row, query.endBefore) < 0),
  );
  if (query.limitToFirst !== undefined) rows = rows.slice(0, query.limitToFirst);
  if (query.limitToLast !== undefined) rows = rows.slice(-query.limitToLast);
  return rows;
}

const read = (request: PageRequest) => pageOf(request, run(request.query));
const keys = (rows: Cursor[]) => rows.map((row) => row.key);

describe('paging the notifications history', () => {
  it('reads the newest page with one row more to know an older one exists', () => {
    const request = firstPage(10);
    expect(request.query).toEqual({ limitToLast: 11 });
    const page = read(request);
    expect(keys(page.rows)).toEqual([
      'k22',
      'k21',
      'k20',
      'k19',
      'k18',
      'k17',
      'k16',
      'k15',
      'k14',
      'k13',
    ]);
    expect(page.hasOlder).toBe(true);
  });

  it('walks to older pages and back, keeping alerts of the same time apart by key', () => {
    const first = read(firstPage(5));
    const second = read(olderPage(first, 5));
    expect(second.index).toBe(1);
    expect(keys(second.rows)).toEqual(['k17', 'k16', 'k15', 'k14', 'k13']);
    const third = read(olderPage(second, 5));
    expect(keys(third.rows)).toEqual(['k12', 'k11', 'k10', 'k09', 'k08']);
    const back = newerPage(third, 5);
    expect(back.query).toEqual({ startAfter: { timeStamp: 1120, key: 'k12' }, limitToFirst: 5 });
    expect(read(back)).toEqual(second);
    expect(newerPage(second, 5)).toEqual(firstPage(5));
  });

  it('splits a page boundary between two alerts of the same time', () => {
    const first = read(firstPage(1));
    expect(keys(first.rows)).toEqual(['k22']);
    const second = read(olderPage(first, 1));
    expect(keys(second.rows)).toEqual(['k21']);
    expect(first.rows[0]?.timeStamp).toBe(second.rows[0]?.timeStamp);
    expect(keys(read(olderPage(second, 1)).rows)).toEqual(['k20']);
  });

  it('reads the last page from the count: the rest of the division, or a full page', () => {
    expect(lastPage(23, 10)).toEqual({ index: 2, query: { limitToFirst: 3 }, older: 'no' });
    expect(keys(read(lastPage(23, 10)).rows)).toEqual(['k02', 'k01', 'k00']);
    expect(lastPage(20, 10).query).toEqual({ limitToFirst: 10 });
    expect(lastPage(7, 10)).toEqual(firstPage(10));
    expect(lastPage(0, 10)).toEqual(firstPage(10));
  });

  it('offers the pages one move away, and the last when the count is known', () => {
    const first = read(firstPage(5));
    const counted = totalOf(first, 5, 23);
    expect(counted).toEqual({ count: 23, exact: true });
    expect(reachablePages(first, 5, counted)).toEqual([0, 1, 4]);
    const second = read(olderPage(first, 5));
    expect(reachablePages(second, 5, counted)).toEqual([0, 1, 2, 4]);
    const last = read(lastPage(23, 5));
    expect(reachablePages(last, 5, counted)).toEqual([0, 3, 4]);
    expect(requestFor(3, last, 5, {}, counted)).toEqual(newerPage(last, 5));
    expect(requestFor(4, first, 5, {}, counted)).toEqual(lastPage(23, 5));
    expect(requestFor(2, first, 5, {}, counted)).toBeUndefined();
  });

  it('pages within a date range and counts only what the pages prove', () => {
    const range = { from: 1050, to: 1150 };
    const request = firstPage(4, range);
    expect(request.query).toEqual({ startAt: 1050, endAt: 1150, limitToLast: 5 });
    const first = read(request);
    expect(keys(first.rows)).toEqual(['k15', 'k14', 'k13', 'k12']);
    expect(totalOf(first, 4, undefined)).toEqual({ count: 5, exact: false });
    expect(reachablePages(first, 4, totalOf(first, 4, undefined))).toEqual([0, 1]);

    const older = olderPage(first, 4, range);
    expect(older.query).toEqual({
      startAt: 1050,
      endBefore: { timeStamp: 1120, key: 'k12' },
      limitToLast: 5,
    });
    const second = read(older);
    expect(keys(second.rows)).toEqual(['k11', 'k10', 'k09', 'k08']);
    const third = read(olderPage(second, 4, range));
    expect(keys(third.rows)).toEqual(['k07', 'k06', 'k05']);
    expect(third.hasOlder).toBe(false);
    const total = totalOf(third, 4, undefined);
    expect(total).toEqual({ count: 11, exact: true });
    expect(reachablePages(third, 4, total)).toEqual([0, 1, 2]);
    expect(newerPage(third, 4, range).query).toEqual({
      startAfter: { timeStamp: 1070, key: 'k07' },
      endAt: 1150,
      limitToFirst: 4,
    });
  });

  it('trusts the pages over a count they contradict', () => {
    const first = read(firstPage(10));
    expect(totalOf(first, 10, 0)).toEqual({ count: 11, exact: false });
    const last = read(olderPage(read(olderPage(first, 10)), 10));
    expect(totalOf(last, 10, 40)).toEqual({ count: 23, exact: true });
    expect(totalOf(last, 10, 23)).toEqual({ count: 23, exact: true });
  });

  it('says an empty history is one empty page', () => {
    const empty = pageOf(firstPage(10), []);
    expect(empty).toEqual({ index: 0, rows: [], hasOlder: false });
    expect(totalOf(empty, 10, undefined)).toEqual({ count: 0, exact: true });
    expect(reachablePages(empty, 10, { count: 0, exact: true })).toEqual([0]);
  });
});

describe('reading every row of a range, for an export', () => {
  it('reads batches of a row more than asked, oldest last, and keeps what is accepted', async () => {
    const queries: HistoryQuery[] = [];
    const reader = (query: HistoryQuery) => {
      queries.push(query);
      return Promise.resolve(run(query));
    };
    const even = (row: Cursor) => Number(row.key.slice(1)) % 2 === 0;
    const read: number[] = [];
    const rows = await readAll({ from: 1100 }, even, reader, 4, (count) => read.push(count));
    expect(keys(rows)).toEqual(['k22', 'k20', 'k18', 'k16', 'k14', 'k12', 'k10']);
    // What is kept so far, after each batch.
    expect(read).toEqual([2, 4, 6, 7]);
    expect(queries[0]).toEqual({ startAt: 1100, limitToLast: 5 });
    expect(queries.every((query) => query.limitToLast === 5)).toBe(true);
    expect(queries).toHaveLength(4);
    expect(keys(await readAll({}, () => true, reader, 7))).toEqual(keys(ALERTS).reverse());
  });
});
