import { createContext, use, useMemo, type ReactNode } from 'react';
import type * as DatabaseSdk from 'firebase/database';
import { alertSchema, paths, type Alert } from '@contracts/realtime';
import type { FirebaseRuntime } from '@/lib/firebase';
import type { Logger } from '@/lib/logger';
import { CONNECT_TIMEOUT_MS, waitForConnection } from '@/lib/realtime-connection';
import { useServices } from '@/lib/services';
import type { AlertDraft } from '../schemas';

/**
 * The notification alerts in the Realtime Database (`notificationsAlert`): writing one makes
 * the functions push it to its target's devices and record the delivery beside it.
 */

export type AlertHistory =
  | { status: 'loading' }
  /** No admin session on the database yet (it signs in just after the app opens). */
  | { status: 'waiting' }
  /** Every alert, newest first. */
  | { status: 'ready'; alerts: Alert[] }
  | { status: 'error'; error: unknown };

export interface AlertStore {
  /** Writes the alert with a push key as its id and the server's time; resolves with the id. */
  send(draft: AlertDraft): Promise<string>;
  /** Follows the history live; returns the way to stop. */
  watch(listener: (history: AlertHistory) => void): () => void;
  remove(alertId: string): Promise<void>;
}

/** The database cannot be reached, so nothing was written. */
export class RealtimeUnavailable extends Error {
  override readonly name = 'RealtimeUnavailable';
}

/** Resolves once the database is connected; throws RealtimeUnavailable after the time box. */
async function whenConnected(
  db: typeof DatabaseSdk,
  database: DatabaseSdk.Database,
): Promise<void> {
  if (!(await waitForConnection(db, database, CONNECT_TIMEOUT_MS))) {
    throw new RealtimeUnavailable('no connection to the Realtime Database');
  }
}

export function firebaseAlertStore(firebase: FirebaseRuntime, logger: Logger): AlertStore {
  const sdk = () => import('firebase/database');

  return {
    async send(draft) {
      const [{ database }, db] = await Promise.all([firebase.realtime(), sdk()]);
      // A write made offline would wait in the SDK and go out whenever the connection returns;
      // the admin is told now instead, and nothing is queued behind their back.
      await whenConnected(db, database);
      const entry = db.push(db.ref(database, paths.alerts()));
      const id = entry.key;
      if (!id) throw new Error('the database gave no key');
      const alert = alertSchema.parse({ ...draft, notificationId: id, timeStamp: 0 });
      await db.set(entry, { ...alert, timeStamp: db.serverTimestamp() });
      return id;
    },

    watch(listener) {
      let stopped = false;
      let stop = () => {};
      void (async () => {
        const [{ auth, database }, db, { onAuthStateChanged }] = await Promise.all([
          firebase.realtime(),
          sdk(),
          import('firebase/auth'),
        ]);
        if (stopped) return;
        let detach = () => {};
        // Reading the history needs the admin's database session, which may arrive (or change)
        // after the page opened: follow it.
        const stopAuth = onAuthStateChanged(auth, (user) => {
          detach();
          detach = () => {};
          if (!user) {
            listener({ status: 'waiting' });
            return;
          }
          const byTime = db.query(db.ref(database, paths.alerts()), db.orderByChild('timeStamp'));
          detach = db.onValue(
            byTime,
            (snapshot) => {
              const alerts: Alert[] = [];
              snapshot.forEach((child) => {
                const alert = alertSchema.safeParse(child.val());
                if (alert.success) alerts.push(alert.data);
                else logger.warn(`Alert ${child.key ?? '?'} is not of the expected shape`);
              });
              listener({ status: 'ready', alerts: alerts.reverse() });
            },
            (error) => listener({ status: 'error', error }),
          );
        });
        stop = () => {
          detach();
          stopAuth();
        };
      })().catch((error: unknown) => {
        if (!stopped) listener({ status: 'error', error });
      });
      return () => {
        stopped = true;
        stop();
      };
    },

    async remove(alertId) {
      const [{ database }, db] = await Promise.all([firebase.realtime(), sdk()]);
      // Offline, the removal would wait (and the Delete dialog spin) until the connection returns.
      await whenConnected(db, database);
      await db.remove(db.ref(database, `${paths.alerts()}/${alertId}`));
    },
  };
}

const AlertStoreContext = createContext<AlertStore | null>(null);

/** Hands a page another store (tests give an in-memory one). */
export function AlertStoreProvider({
  store,
  children,
}: {
  store: AlertStore;
  children: ReactNode;
}) {
  return <AlertStoreContext value={store}>{children}</AlertStoreContext>;
}

export function useAlertStore(): AlertStore {
  const given = use(AlertStoreContext);
  const { firebase, logger } = useServices();
  return useMemo(() => given ?? firebaseAlertStore(firebase, logger), [given, firebase, logger]);
}
