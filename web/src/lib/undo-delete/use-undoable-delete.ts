import { useEffect, useState } from 'react';
import { UNDO_DELETE_MS } from '../constants';
import { useServices } from '../services';
import { createDeleteScheduler, type DeleteScheduler } from './undoable-delete';

/**
 * The screen's undoable deletes. Nothing waiting is ever dropped: leaving the page (closed,
 * hidden), signing out or leaving the screen sends every waiting delete at once, with keepalive
 * so the request outlives the page.
 */
export function useDeleteScheduler(): DeleteScheduler {
  const services = useServices();
  const [scheduler] = useState(() =>
    createDeleteScheduler(
      {
        set: (run, ms) => window.setTimeout(run, ms),
        clear: (handle) => window.clearTimeout(handle as number),
      },
      UNDO_DELETE_MS,
    ),
  );
  useEffect(() => {
    const leave = () => scheduler.flush(true);
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    const stopWatchingSignOut = services.beforeSignOut(leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      stopWatchingSignOut();
      leave();
    };
  }, [scheduler, services]);
  return scheduler;
}
