import * as z from 'zod/mini';
import { auditActionSchema, type AuditAction } from '@contracts/audit';
import { LIMITS } from '@contracts/realtime';
import {
  firstPage,
  newerPage,
  olderPage,
  type Cursor,
  type HistoryQuery,
  type PageRequest,
  type TimeRange,
} from '@/components/data-table/time-paging';
import type { AuditRow } from './entries';

/**
 * How the audit log is read: the date range bounds the database query; the admin and action
 * filters are applied to what each query returns, and a page keeps reading further batches until
 * it is full or the range is exhausted (docs/decisions.md). Pure: `read` runs a query.
 */

export interface AuditFilter {
  /** Part of the admin's e-mail, any case; empty for every admin. */
  admin: string;
  action: AuditAction | '';
}

export const adminParamSchema = z.string().check(z.maxLength(LIMITS.name));
export const actionParamSchema = z.union([z.literal(''), auditActionSchema]);

export function isFiltered(filter: AuditFilter): boolean {
  return filter.action !== '' || filter.admin.trim() !== '';
}

export function matchesFilter(row: Pick<AuditRow, 'email' | 'action'>, filter: AuditFilter) {
  const admin = filter.admin.trim().toLowerCase();
  return (
    (filter.action === '' || row.action === filter.action) &&
    (admin === '' || row.email.toLowerCase().includes(admin))
  );
}

/** Entries read per query while a filter leaves some out (unfiltered, a page reads a page). */
export const FILTERED_BATCH = 100;
/** Entries read per query by an export. */
export const EXPORT_BATCH = 500;

export type ReadQuery<T> = (query: HistoryQuery) => Promise<T[]>;

const cursorOf = ({ timeStamp, key }: Cursor): Cursor => ({ timeStamp, key });

/**
 * What `query` would answer if the log held only the rows `keep` accepts, oldest first like the
 * database: batches of at least `batch` rows are read in the query's direction until it has as
 * many as its limit asks for or the range runs out.
 */
export async function readFiltered<T extends Cursor>(
  query: HistoryQuery,
  keep: (row: T) => boolean,
  read: ReadQuery<T>,
  batch: number,
): Promise<T[]> {
  const older = query.limitToLast !== undefined;
  const wanted = query.limitToLast ?? query.limitToFirst;
  if (wanted === undefined) return (await read(query)).filter(keep);
  const step = Math.max(wanted, batch);
  const { startAt, endAt } = query;
  let next: HistoryQuery = older
    ? { ...query, limitToLast: step }
    : { ...query, limitToFirst: step };
  let kept: T[] = [];
  for (;;) {
    const rows = await read(next);
    const matching = rows.filter(keep);
    kept = older ? [...matching, ...kept] : [...kept, ...matching];
    const edge = older ? rows[0] : rows.at(-1);
    if (kept.length >= wanted || rows.length < step || !edge) break;
    next = older
      ? {
          ...(startAt === undefined ? {} : { startAt }),
          endBefore: cursorOf(edge),
          limitToLast: step,
        }
      : {
          startAfter: cursorOf(edge),
          ...(endAt === undefined ? {} : { endAt }),
          limitToFirst: step,
        };
  }
  return older ? kept.slice(-wanted) : kept.slice(0, wanted);
}

/** Every row in the range that `keep` accepts, newest first, read `batch` rows at a time. */
export async function readAll<T extends Cursor>(
  range: TimeRange,
  keep: (row: T) => boolean,
  read: ReadQuery<T>,
  batch: number,
): Promise<T[]> {
  const kept: T[] = [];
  let request = firstPage(batch, range);
  for (;;) {
    const rows = await read(request.query);
    // One row more than a batch is read to know an older one exists; it opens the next batch.
    const more = rows.length > batch;
    const taken = more ? rows.slice(1) : rows;
    kept.push(...taken.filter(keep).reverse());
    const oldest = taken[0];
    if (!more || !oldest) return kept;
    request = olderPage({ index: 0, rows: [oldest], hasOlder: true }, batch, range);
  }
}

/** A page's place in the address: its number, and the row the page before or after it ended on. */
export interface PageParams {
  /** 0-based. */
  page: number;
  /** The page reads older rows than this one (it came from a newer page). */
  before?: Cursor;
  /** The page reads newer rows than this one (it came from an older page). */
  after?: Cursor;
}

const cursorParam = z.string().check(z.regex(/^\d{1,15}\.[^.#$[\]/]{1,128}$/));

/** `1732540000000.-Nabc`: a row's time and key, as the address keeps it. */
export const writeCursor = ({ timeStamp, key }: Cursor) => `${timeStamp}.${key}`;

export function readCursor(value: string | null): Cursor | undefined {
  const parsed = cursorParam.safeParse(value);
  if (!parsed.success) return undefined;
  const dot = parsed.data.indexOf('.');
  return { timeStamp: Number(parsed.data.slice(0, dot)), key: parsed.data.slice(dot + 1) };
}

/** The request an address names; a page without its cursor is the newest page. */
export function requestOf(params: PageParams, size: number, range: TimeRange): PageRequest {
  const { page, before, after } = params;
  if (page > 0 && before)
    return olderPage({ index: page - 1, rows: [before], hasOlder: true }, size, range);
  if (page > 0 && after)
    return newerPage({ index: page + 1, rows: [after], hasOlder: true }, size, range);
  return firstPage(size, range);
}

/** The address of a request made by the paging (first, older or newer page). */
export function paramsOf(request: PageRequest): Record<'page' | 'before' | 'after', string | null> {
  const { index, query } = request;
  if (index === 0) return { page: null, before: null, after: null };
  return {
    page: String(index + 1),
    before: query.endBefore ? writeCursor(query.endBefore) : null,
    after: query.startAfter ? writeCursor(query.startAfter) : null,
  };
}
