import { useEffect, useRef } from 'react';
import { mark, markPainted } from '@/lib/perf';

/**
 * Performance marks for the benchmarks: `<label>:rows:painted` once a data set's first rows are
 * painted; `<label>:sort` / `<label>:filter` when the user acts, and `…:painted` once the result
 * is. `view` changes when a sort or filter result is ready.
 */
export function useTableMarks(label: string | undefined, data: unknown, view: unknown) {
  const pending = useRef<'sort' | 'filter' | null>(null);
  useEffect(() => {
    if (label && data) markPainted(`${label}:rows`);
  }, [label, data]);
  useEffect(() => {
    const action = pending.current;
    if (!label || !action) return;
    pending.current = null;
    markPainted(`${label}:${action}`);
  }, [label, view]);
  return (action: 'sort' | 'filter') => {
    if (!label) return;
    mark(`${label}:${action}`);
    pending.current = action;
  };
}
