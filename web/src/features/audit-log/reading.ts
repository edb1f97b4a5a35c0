import * as z from 'zod/mini';
import { auditActionSchema, type AuditAction } from '@contracts/admins/audit';
import { LIMITS } from '@contracts/realtime';
import type { Cursor, HistoryQuery, ReadQuery } from '@/components/data-table/time-paging';
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
