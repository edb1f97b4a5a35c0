import type { FindReply, QueryParams } from '../schemas';

/**
 * The find logic behind every demo list endpoint: exact filter fields
 * first (status, type…), then a case-insensitive substring match where any other filter field
 * may match, then sort (asc or desc), then the page (from 1).
 */

type Row = Readonly<Record<string, unknown>>;

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value).trim().toLowerCase()
    : '';
}

export function filterRows<T extends Row>(
  rows: readonly T[],
  filter: QueryParams['filter'],
  exactFields: readonly string[],
): T[] {
  let kept = rows.filter((row) =>
    exactFields.every((field) => !(field in filter) || row[field] === filter[field]),
  );
  const searches = Object.entries(filter)
    .filter(([field]) => !exactFields.includes(field))
    .map(([field, value]) => [field, text(value)] as const)
    .filter(([, needle]) => needle !== '');
  if (searches.length > 0) {
    kept = kept.filter((row) =>
      searches.some(([field, needle]) => text(row[field]).includes(needle)),
    );
  }
  return kept;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = text(a);
  const right = text(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

export function sortRows<T extends Row>(
  rows: readonly T[],
  sortField: string,
  sortOrder: QueryParams['sortOrder'],
): T[] {
  const direction = sortOrder === 'desc' ? -1 : 1;
  return [...rows].sort((a, b) => direction * compare(a[sortField], b[sortField]));
}

export function pageOf<T>(rows: readonly T[], pageNumber: number, pageSize: number): T[] {
  const start = (pageNumber - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

export function findRows<T extends Row>(
  rows: readonly T[],
  params: QueryParams,
  exactFields: readonly string[] = [],
): FindReply<T> {
  const matched = filterRows(rows, params.filter, exactFields);
  const sorted = sortRows(matched, params.sortField, params.sortOrder);
  return {
    entities: pageOf(sorted, params.pageNumber, params.pageSize),
    totalCount: matched.length,
    errorMessage: '',
  };
}
