import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * A one-shot request carried by a link's query string (`/chat-groups?new=group`, from the
 * command palette): handed to `act` once the page is `ready` for it, then taken out of the
 * address, so that a reload or Back does not ask again. Other parameters stay.
 */
export function useLinkRequest(name: string, ready: boolean, act: (value: string) => void): void {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const latest = useRef(act);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    latest.current = act;
  });
  useEffect(() => {
    if (!ready || handled.current === search) return;
    const params = new URLSearchParams(search);
    const value = params.get(name);
    if (value === null) return;
    handled.current = search;
    params.delete(name);
    const rest = params.toString();
    navigate(rest ? `${path}?${rest}` : path, { replace: true });
    latest.current(value);
  }, [ready, search, path, name, navigate]);
}
