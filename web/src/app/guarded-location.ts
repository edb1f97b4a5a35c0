import { useCallback } from 'react';
import { navigate, usePathname, type BrowserLocationHook } from 'wouter/use-browser-location';
import { useServices } from '@/lib/services';

/**
 * The browser's location for the app's router, each navigation put to the leave guard first:
 * links, redirects, the command palette and a list's URL state all navigate through here.
 */
export const useGuardedLocation: BrowserLocationHook = (options) => {
  const { leaveGuard } = useServices();
  const guarded = useCallback<typeof navigate>(
    (to, navigation) => {
      const verdict = leaveGuard.allows(String(to));
      if (verdict.go) navigate(to, verdict.replace ? { ...navigation, replace: true } : navigation);
    },
    [leaveGuard],
  );
  return [usePathname(options), guarded];
};
