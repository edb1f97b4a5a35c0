import { useEffect, useReducer, useState } from 'react';
import { onValue, ref, type Database } from 'firebase/database';
import { nextConnection, type Connection } from './connection';

/** How often the offline duration (and the start-up grace) is looked at again. */
const TICK_MS = 5000;

/** The database connection as the chat shows it, and the time it was last looked at. */
export function useChatConnection(database: Database): { connection: Connection; now: number } {
  const [connection, dispatch] = useReducer(nextConnection, null, () => ({
    status: 'connecting' as const,
    since: Date.now(),
  }));
  const [now, setNow] = useState(() => Date.now());

  useEffect(
    () =>
      onValue(ref(database, '.info/connected'), (snapshot) => {
        const at = Date.now();
        dispatch({ type: 'signal', connected: snapshot.val() === true, at });
        setNow(at);
      }),
    [database],
  );

  const online = connection.status === 'online';
  useEffect(() => {
    if (online) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      dispatch({ type: 'tick', at });
      setNow(at);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [online]);

  return { connection, now };
}
