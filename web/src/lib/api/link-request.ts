import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { useSetSearch, withParams } from './query-string';

/**
 * A one-shot request carried by a link's query string (`/chat-groups?new=group`, from the
 * command palette): handed to `act` once the page is `ready` for it, then taken out of the
 * address, so that a reload or Back does not ask again. Other parameters stay.
 */
export function useLinkRequest(name: string, ready: boolean, act: (value: string) => void): void {
  const search = useSearch();
  const setSearch = useSetSearch();
  const latest = useRef(act);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    latest.current = act;
  });
  useEffect(() => {
    if (!ready || handled.current === search) return;
    const value = new URLSearchParams(search).get(name);
    if (value === null) return;
    handled.current = search;
    setSearch(withParams(search, { [name]: null }), 'replace');
    latest.current(value);
  }, [ready, search, name, setSearch]);
}
