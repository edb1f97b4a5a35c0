import { useCallback, useEffect, useMemo, useRef } from 'react';
import { paths } from '@contracts/realtime';
import { adminDisplayName } from '@contracts/admins/admin-sessions';
import { useServices, useSession } from '@/lib/services';
import { createPresenceStore, throttledRow } from './presence';

/** Focus moves are written at most this often: a run of arrow keys is one write, not twenty. */
const PRESENCE_WRITE_MS = 500;
/**
 * A row is told once the focus has rested on it this long: nothing of it runs while a key moves
 * the focus, so the move paints first, and a cell merely passed through is never written.
 */
const PRESENCE_REST_MS = 200;

const timers = {
  set: (run: () => void, ms: number) => window.setTimeout(run, ms),
  clear: (id: number) => window.clearTimeout(id),
};

/**
 * This admin's presence on the day's desk (`deskPresence/{day}/{uid}`) while it is open, removed
 * on leaving it and by the database when the connection drops; and the other admins' presence,
 * as a store the rows subscribe to. `onRow` tells the row of the focused cell (null: none).
 * Without a database session (`enabled` false) nobody is shown and nothing is written.
 */
export function useDeskPresence(date: string, enabled: boolean) {
  const { firebase, logger } = useServices();
  const session = useSession();
  const uid = session ? String(session.user.id) : '';
  // The rules take only the name the functions recorded with the session, made the same way.
  const name = session ? adminDisplayName(session.user) : '';
  const store = useMemo(() => createPresenceStore(uid), [uid]);
  const push = useRef<(row: string | null) => void>(() => undefined);

  useEffect(() => {
    if (!enabled || uid === '' || name === '') return;
    let closed = false;
    // What was set up so far, undone last first, each step once.
    const undo: (() => void)[] = [];
    const teardown = () => {
      for (let step = undo.pop(); step; step = undo.pop()) step();
    };
    const close = () => {
      closed = true;
      push.current = () => undefined;
      teardown();
      store.receive(null);
    };
    const connect = async () => {
      const [database, sdk] = await Promise.all([firebase.database(), import('firebase/database')]);
      const own = sdk.ref(database, paths.deskPresenceEntry(date, uid));
      const entry = (row: string | null) => ({
        name,
        ...(row === null ? {} : { row }),
        updatedAt: sdk.serverTimestamp(),
      });
      if (closed) return;
      // Queued first: whatever happens next, a lost connection takes the entry away.
      await sdk.onDisconnect(own).remove();
      undo.push(() => {
        void sdk.onDisconnect(own).cancel();
        void sdk.remove(own);
      });
      if (closed) return teardown();
      await sdk.set(own, entry(null));
      if (closed) return teardown();
      undo.push(
        sdk.onValue(
          sdk.ref(database, paths.deskPresence(date)),
          (snapshot) => store.receive(snapshot.val()),
          (error) => logger.info('The desk presence of other admins cannot be read', error),
        ),
      );
      const writes = throttledRow(
        (row) => {
          sdk.set(own, entry(row)).catch((error: unknown) => {
            logger.info('The desk presence could not be written', error);
          });
        },
        PRESENCE_WRITE_MS,
        timers,
      );
      undo.push(writes.cancel);
      push.current = writes.push;
    };
    // After the grid's first paint (a frame, then a task): presence never holds up the rows.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        connect().catch((error: unknown) => logger.info('The desk presence is unavailable', error));
      }, 0);
    });
    undo.push(() => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    });
    return close;
  }, [enabled, uid, name, date, store, firebase, logger]);

  const rest = useRef<number>(undefined);
  const onRow = useCallback((row: string | null) => {
    window.clearTimeout(rest.current);
    rest.current = window.setTimeout(() => push.current(row), PRESENCE_REST_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(rest.current), []);
  return { presence: store, onRow };
}
