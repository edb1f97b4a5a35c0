import { useSyncExternalStore } from 'react';

/** The lg breakpoint (992 px), as in index.css. */
export const DESKTOP_QUERY = '(min-width: 62rem)';

/**
 * Whether a media query matches, following changes. The shell renders either the desktop or
 * the phone header (not both, hidden by CSS) so every control exists once on the page.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
