import { useMemo } from 'react';
import type { HistoryMode } from '@/lib/api/query-string';
import { requestFor, type Cursor, type Page, type Total } from './time-paging';
import {
  daysParams,
  paramsOf,
  readTimePaging,
  sizeParams,
  timePagingKey,
  type TimePagingView,
} from './time-paging-url';
import { useUrlParams } from './use-url-state';

export interface TimePagingUrl extends TimePagingView {
  /** The query string, for the page's other parameters (a list's filters). */
  search: string;
  /** Sets parameters (null removes one); a filter change adds FIRST_PAGE to start over. */
  setParams: (values: Record<string, string | null>, mode: HistoryMode) => void;
  /** Shows page `index` when it is one move from `page` (time-paging.ts `requestFor`). */
  goTo: (index: number, page: Page<Cursor>, total: Total) => void;
  setDays: (days: TimePagingView['days']) => void;
  setSize: (size: number) => void;
}

/**
 * A remotely paged list's view in the address (time-paging-url.ts). The view keeps its identity
 * while its own parameters do not change, so a live query on `request.query` is not started
 * again when another parameter of the page moves. Each change adds a history entry for Back.
 */
export function useTimePagingUrl(): TimePagingUrl {
  const [search, setParams] = useUrlParams();
  const key = timePagingKey(search);
  const view = useMemo(() => readTimePaging(key), [key]);
  return {
    ...view,
    search,
    setParams,
    goTo: (index, page, total) => {
      const next = requestFor(index, page, view.size, view.range, total);
      if (next) setParams(paramsOf(next), 'push');
    },
    setDays: (days) => setParams(daysParams(days), 'push'),
    setSize: (size) => setParams(sizeParams(size), 'push'),
  };
}
