import { describe, expect, it } from 'vitest';
import {
  firstPage,
  olderPage,
  pageOf,
  type HistoryQuery,
} from '@/components/data-table/time-paging';
import { isFiltered, matchesFilter, readFiltered } from './reading';

interface Row {
  timeStamp: number;
  key: string;
  email: string;
  action: 'user.delete' | 'prices.save';
}

/** 30 entries a second apart; every third a price save by bea, the rest deletes by al. */
const LOG: Row[] = Array.from({ length: 30 }, (_, i) => ({
  timeStamp: 1000 + i * 1000,
  key: `k${String(i).padStart(2, '0')}`,
  email: i % 3 === 0 ? 'Bea@fuel.test' : 'al@fuel.test',
  action: i % 3 === 0 ? 'prices.save' : 'user.delete',
}));

const order = (a: Row, b: { timeStamp: number; key: string }) =>
  a.timeStamp - b.timeStamp || a.key.localeCompare(b.key);

/** The database: the rows a query matches, oldest first; every query is recorded. */
function database() {
  const queries: HistoryQuery[] = [];
  const read = (query: HistoryQuery) => {
    queries.push(query);
    let rows = LOG.filter(
      (row) =>
        (query.startAt === undefined || row.timeStamp >= query.startAt) &&
        (query.endAt === undefined || row.timeStamp <= query.endAt) &&
        (!query.startAfter || order(row, query.startAfter) > 0) &&
        (!query.endBefore || order(row, query.endBefore) < 0),
    );
    if (query.limitToFirst !== undefined) rows = rows.slice(0, query.limitToFirst);
    if (query.limitToLast !== undefined) rows = rows.slice(-query.limitToLast);
    return Promise.resolve(rows);
  };
  return { read, queries };
}

const keys = (rows: readonly Row[]) => rows.map((row) => row.key);
const prices = (row: Row) => matchesFilter(row, { admin: '', action: 'prices.save' });

describe('filtering the audit log', () => {
  it('matches the action exactly and the admin by any part of the e-mail, any case', () => {
    const row = { email: 'Bea@Fuel.test', action: 'prices.save' } as const;
    expect(matchesFilter(row, { admin: '', action: '' })).toBe(true);
    expect(matchesFilter(row, { admin: ' bea@', action: 'prices.save' })).toBe(true);
    expect(matchesFilter(row, { admin: 'al@', action: '' })).toBe(false);
    expect(matchesFilter(row, { admin: '', action: 'user.delete' })).toBe(false);
    expect(isFiltered({ admin: '  ', action: '' })).toBe(false);
    expect(isFiltered({ admin: '', action: 'user.delete' })).toBe(true);
  });
});

describe('reading a page of the audit log', () => {
  it('reads one page and a row more when nothing is filtered', async () => {
    const db = database();
    const request = firstPage(5);
    const page = pageOf(request, await readFiltered(request.query, () => true, db.read, 0));
    expect(keys(page.rows)).toEqual(['k29', 'k28', 'k27', 'k26', 'k25']);
    expect(page.hasOlder).toBe(true);
    expect(db.queries).toEqual([{ limitToLast: 6 }]);
  });

  it('keeps reading older batches until a filtered page is full', async () => {
    const db = database();
    const request = firstPage(3);
    const page = pageOf(request, await readFiltered(request.query, prices, db.read, 4));
    expect(keys(page.rows)).toEqual(['k27', 'k24', 'k21']);
    expect(page.hasOlder).toBe(true);
    expect(db.queries).toEqual([
      { limitToLast: 4 },
      { endBefore: { timeStamp: 27000, key: 'k26' }, limitToLast: 4 },
      // k18 and k21 both match: three matches and the one that proves an older page.
      { endBefore: { timeStamp: 23000, key: 'k22' }, limitToLast: 4 },
    ]);
    const older = olderPage(page, 3);
    const next = pageOf(older, await readFiltered(older.query, prices, db.read, 4));
    expect(keys(next.rows)).toEqual(['k18', 'k15', 'k12']);
  });

  it('stops at the end of the range with a short last page', async () => {
    const db = database();
    const range = { from: 1000, to: 12_000 };
    const request = firstPage(10, range);
    const page = pageOf(request, await readFiltered(request.query, prices, db.read, 5));
    expect(keys(page.rows)).toEqual(['k09', 'k06', 'k03', 'k00']);
    expect(page.hasOlder).toBe(false);
    expect(db.queries[0]).toEqual({ startAt: 1000, endAt: 12_000, limitToLast: 11 });
    expect(db.queries.at(-1)).toMatchObject({ startAt: 1000 });
  });

  it('reads newer pages forward in the same way', async () => {
    const db = database();
    const query = { startAfter: { timeStamp: 3000, key: 'k02' }, limitToFirst: 2 };
    expect(keys(await readFiltered(query, prices, db.read, 2))).toEqual(['k03', 'k06']);
    expect(db.queries[1]).toEqual({
      startAfter: { timeStamp: 5000, key: 'k04' },
      limitToFirst: 2,
    });
  });
});
