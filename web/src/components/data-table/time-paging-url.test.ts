import { describe, expect, it } from 'vitest';
import { dayRange } from '@/components/date-range/date-range';
import { FIXED_PAGE_SIZE } from '@/lib/constants';
import { firstPage, lastPage, newerPage, olderPage } from './time-paging';
import {
  daysParams,
  paramsOf,
  readCursor,
  readTimePaging,
  requestOf,
  sizeParams,
  timePagingKey,
  writeCursor,
} from './time-paging-url';

const cursor = { timeStamp: 1_732_540_000_000, key: '-NabC_d' };

describe('a page in the address', () => {
  it('writes a row as its time and key, and reads only that back', () => {
    expect(readCursor(writeCursor(cursor))).toEqual(cursor);
    expect(readCursor('12.a/b')).toBeUndefined();
    expect(readCursor('abc')).toBeUndefined();
    expect(readCursor(null)).toBeUndefined();
  });

  it('writes the page and the cursor it was reached from, and reads them back', () => {
    const older = olderPage({ index: 1, rows: [{ ...cursor }], hasOlder: true }, 10, {});
    expect(paramsOf(older)).toEqual({
      page: '3',
      before: '1732540000000.-NabC_d',
      after: null,
      oldest: null,
    });
    expect(requestOf({ page: 2, before: cursor }, 10, {})).toEqual(older);
    const newer = newerPage({ index: 3, rows: [{ ...cursor }], hasOlder: true }, 10, { to: 5 });
    expect(paramsOf(newer)).toMatchObject({ page: '3', after: '1732540000000.-NabC_d' });
    expect(requestOf({ page: 2, after: cursor }, 10, { to: 5 })).toEqual(newer);
    expect(paramsOf(firstPage(10))).toEqual({
      page: null,
      before: null,
      after: null,
      oldest: null,
    });
    expect(requestOf({ page: 4 }, 10, {})).toEqual(firstPage(10));
  });

  it('keeps the oldest page, reached from the count, as the rows it holds', () => {
    const last = lastPage(2003, 10);
    expect(paramsOf(last)).toEqual({ page: '201', before: null, after: null, oldest: '3' });
    expect(requestOf({ page: 200, oldest: 3 }, 10, {})).toEqual(last);
    // More rows than a page, or a range (which has no count), read as the newest page.
    expect(requestOf({ page: 200, oldest: 11 }, 10, {})).toEqual(firstPage(10));
    expect(requestOf({ page: 200, oldest: 3 }, 10, { from: 1 })).toEqual(
      firstPage(10, { from: 1 }),
    );
  });
});

describe('a list view in the address', () => {
  it('reads the range, the size and the page', () => {
    const view = readTimePaging(
      'from=2025-01-02&to=2025-01-05&size=5&page=3&before=1732540000000.-NabC_d&q=x',
    );
    const range = dayRange('2025-01-02', '2025-01-05');
    expect(view.days).toEqual({ from: '2025-01-02', to: '2025-01-05' });
    expect(view.range).toEqual(range);
    expect(view.size).toBe(5);
    expect(view.request).toEqual(olderPage({ index: 1, rows: [cursor], hasOlder: true }, 5, range));
  });

  it('reads values that do not parse as the defaults', () => {
    const view = readTimePaging('from=yesterday&to=2025-13&size=7&page=0&before=x');
    expect(view.days).toEqual({ from: '', to: '' });
    expect(view.range).toEqual({});
    expect(view.size).toBe(FIXED_PAGE_SIZE);
    expect(view.request).toEqual(firstPage(FIXED_PAGE_SIZE));
  });

  it('starts a new range or size on the newest page and leaves the defaults out', () => {
    expect(daysParams({ from: '2025-01-02', to: '' })).toEqual({
      from: '2025-01-02',
      to: null,
      page: null,
      before: null,
      after: null,
      oldest: null,
    });
    expect(sizeParams(FIXED_PAGE_SIZE).size).toBeNull();
    expect(sizeParams(5)).toMatchObject({ size: '5', page: null, before: null });
  });

  it('keys a view by its own parameters only', () => {
    expect(timePagingKey('alert=-N1&page=2&from=2025-01-02')).toBe(
      timePagingKey('from=2025-01-02&page=2&alert=-N2'),
    );
    expect(timePagingKey('page=2')).not.toBe(timePagingKey('page=3'));
  });
});
