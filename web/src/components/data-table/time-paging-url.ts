import * as z from 'zod/mini';
import { dayInputSchema, dayRange } from '@/components/date-range/date-range';
import { FIXED_PAGE_SIZE } from '@/lib/constants';
import { readParam } from './url-state';
import {
  firstPage,
  newerPage,
  olderPage,
  type Cursor,
  type PageRequest,
  type TimeRange,
} from './time-paging';

/**
 * A list read a page at a time from the database (time-paging.ts) keeps its view in the
 * address: the day range, the page size, and the page with the cursor it was reached from, so a
 * reload, Back and a pasted link read the same page again. Values that do not parse read as the
 * defaults, which are left out of the address. Pure.
 */

/** The parameters this module owns; any other parameter of the page is left alone. */
export const TIME_PAGING_PARAMS = ['from', 'to', 'size', 'page', 'before', 'after', 'oldest'];

/** The address of the newest page: any range or size change starts again from it. */
export const FIRST_PAGE = { page: null, before: null, after: null, oldest: null };

const sizeParam = z.enum(['3', '5', '10']);
const pageParam = z.string().check(z.regex(/^[1-9]\d{0,8}$/));
const cursorParam = z.string().check(z.regex(/^\d{1,15}\.[^.#$[\]/]{1,128}$/));

/** `1732540000000.-Nabc`: a row's time and key, as the address keeps it. */
export const writeCursor = ({ timeStamp, key }: Cursor) => `${timeStamp}.${key}`;

export function readCursor(value: string | null): Cursor | undefined {
  const parsed = cursorParam.safeParse(value);
  if (!parsed.success) return undefined;
  const dot = parsed.data.indexOf('.');
  return { timeStamp: Number(parsed.data.slice(0, dot)), key: parsed.data.slice(dot + 1) };
}

/** A page's place in the address: its number, and the row the page before or after it ended on. */
export interface PageParams {
  /** 0-based. */
  page: number;
  /** The page reads older rows than this one (it came from a newer page). */
  before?: Cursor;
  /** The page reads newer rows than this one (it came from an older page). */
  after?: Cursor;
  /** The oldest page, reached from the count: it holds this many of the oldest rows. */
  oldest?: number;
}

/** The request an address names; a page without its cursor is the newest page. */
export function requestOf(params: PageParams, size: number, range: TimeRange): PageRequest {
  const { page, before, after, oldest } = params;
  if (page > 0 && before)
    return olderPage({ index: page - 1, rows: [before], hasOlder: true }, size, range);
  if (page > 0 && after)
    return newerPage({ index: page + 1, rows: [after], hasOlder: true }, size, range);
  // The count (and so the oldest page) is only known for the whole list, never for a range.
  const whole = range.from === undefined && range.to === undefined;
  if (page > 0 && whole && oldest !== undefined && oldest <= size)
    return { index: page, query: { limitToFirst: oldest }, older: 'no' };
  return firstPage(size, range);
}

/** The address of a request made by the paging (first, older, newer or oldest page). */
export function paramsOf(
  request: PageRequest,
): Record<'page' | 'before' | 'after' | 'oldest', string | null> {
  const { index, query } = request;
  if (index === 0) return FIRST_PAGE;
  const cursorless = !query.endBefore && !query.startAfter;
  return {
    page: String(index + 1),
    before: query.endBefore ? writeCursor(query.endBefore) : null,
    after: query.startAfter ? writeCursor(query.startAfter) : null,
    oldest: cursorless && query.limitToFirst !== undefined ? String(query.limitToFirst) : null,
  };
}

/** The view an address names. */
export interface TimePagingView {
  /** The date inputs' values, empty for an open end. */
  days: { from: string; to: string };
  range: TimeRange;
  size: number;
  request: PageRequest;
}

export function readTimePaging(search: string): TimePagingView {
  const params = new URLSearchParams(search);
  const days = {
    from: readParam(search, 'from', dayInputSchema, ''),
    to: readParam(search, 'to', dayInputSchema, ''),
  };
  const range = dayRange(days.from, days.to);
  const size = Number(readParam(search, 'size', sizeParam, String(FIXED_PAGE_SIZE)));
  const oldest = readParam(search, 'oldest', pageParam, '');
  const request = requestOf(
    {
      page: Number(readParam(search, 'page', pageParam, '1')) - 1,
      before: readCursor(params.get('before')),
      after: readCursor(params.get('after')),
      ...(oldest ? { oldest: Number(oldest) } : {}),
    },
    size,
    range,
  );
  return { days, range, size, request };
}

/** The address of a new day range: its newest page. */
export const daysParams = (days: { from: string; to: string }) => ({
  from: days.from || null,
  to: days.to || null,
  ...FIRST_PAGE,
});

/** The address of a new page size: its newest page. */
export const sizeParams = (size: number) => ({
  size: size === FIXED_PAGE_SIZE ? null : String(size),
  ...FIRST_PAGE,
});

/** Only this module's parameters, in a fixed order: the same view gives the same text. */
export function timePagingKey(search: string): string {
  const params = new URLSearchParams(search);
  const own = new URLSearchParams();
  for (const name of TIME_PAGING_PARAMS) {
    const value = params.get(name);
    if (value !== null) own.set(name, value);
  }
  return own.toString();
}
