import { createContext, use, useMemo, type ReactNode } from 'react';
import type * as DatabaseSdk from 'firebase/database';
import { paths } from '@contracts/realtime';
import { alertCountSchema, alertSchema, type Alert } from '@contracts/push/alerts';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';
import type { Logger } from '@/lib/logger';
import { CONNECT_TIMEOUT_MS, waitForConnection } from '@/lib/realtime/connection';
import { useServices } from '@/lib/services';
import { constraintsOf, type HistoryQuery } from '@/components/data-table/time-paging';
import type { AlertDraft } from '../schemas';

/**
 * The notification alerts in the Realtime Database (`notificationsAlert`): writing one makes
 * the functions push it to its target's devices and record the delivery beside it.
 */

/** An alert of the history with its key, where it sits in the history's order. */
export type HistoryAlert = Alert & { key: string };

export type AlertPage =
  | { status: 'loading' }
  /** No admin session on the database yet (it signs in just after the app opens). */
  | { status: 'waiting' }
  /** The alerts the page's query matched, oldest first as the database orders them. */
  | { status: 'ready'; alerts: HistoryAlert[] }
  | { status: 'error'; error: unknown };

export interface AlertStore {
  /** Writes the alert with a push key as its id and the server's time; resolves with the id. */
  send(draft: AlertDraft): Promise<string>;
  /** Follows one page of the history live (delivery records included); returns the way to stop. */
  watchPage(query: HistoryQuery, listener: (page: AlertPage) => void): () => void;
  /** The alerts one query matches, read once, oldest first (an export's batches). */
  read(query: HistoryQuery): Promise<HistoryAlert[]>;
  /** Follows the functions' count of the alerts; undefined while it is unknown. */
  watchCount(listener: (count: number | undefined) => void): () => void;
  remove(alertId: string): Promise<void>;
}

/** The database cannot be reached, so nothing was written. */
export class RealtimeUnavailable extends Error {
  override readonly name = 'RealtimeUnavailable';
}

/** Resolves once the database is connected; throws RealtimeUnavailable after the time box. */
export async function whenConnected(
  db: typeof DatabaseSdk,
  database: DatabaseSdk.Database,
): Promise<void> {
  if (!(await waitForConnection(db, database, CONNECT_TIMEOUT_MS))) {
    throw new RealtimeUnavailable('no connection to the Realtime Database');
  }
}

/**
 * Runs `attach` whenever the admin's database session is there (it may arrive, or change, after
 * the page opened) and `signedOut` while it is not; returns the way to stop.
 */
export function whenSignedIn(
  firebase: FirebaseRuntime,
  attach: (db: typeof DatabaseSdk, database: DatabaseSdk.Database) => () => void,
  signedOut: () => void,
  failed: (error: unknown) => void,
): () => void {
  let stopped = false;
  let stop = () => {};
  void (async () => {
    const [{ auth, database }, db, { onAuthStateChanged }] = await Promise.all([
      firebase.realtime(),
      import('firebase/database'),
      import('firebase/auth'),
    ]);
    if (stopped) return;
    let detach = () => {};
    const stopAuth = onAuthStateChanged(auth, (user) => {
      detach();
      detach = () => {};
      if (user) detach = attach(db, database);
      else signedOut();
    });
    stop = () => {
      detach();
      stopAuth();
    };
  })().catch((error: unknown) => {
    if (!stopped) failed(error);
  });
  return () => {
    stopped = true;
    stop();
  };
}

export function firebaseAlertStore(firebase: FirebaseRuntime, logger: Logger): AlertStore {
  const sdk = () => import('firebase/database');
  const historyQuery = (
    db: typeof DatabaseSdk,
    database: DatabaseSdk.Database,
    query: HistoryQuery,
  ) => db.query(db.ref(database, paths.alerts()), ...constraintsOf(db, 'timeStamp', query));
  /** The alerts of a snapshot that parse; one that does not is logged and left out. */
  const alertsOf = (snapshot: DatabaseSdk.DataSnapshot) => {
    const alerts: HistoryAlert[] = [];
    snapshot.forEach((child) => {
      const alert = alertSchema.safeParse(child.val());
      if (alert.success && child.key) alerts.push({ ...alert.data, key: child.key });
      else logger.warn(`Alert ${child.key ?? '?'} is not of the expected shape`);
    });
    return alerts;
  };

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

    watchPage(query, listener) {
      return whenSignedIn(
        firebase,
        (db, database) =>
          db.onValue(
            historyQuery(db, database, query),
            (snapshot) => listener({ status: 'ready', alerts: alertsOf(snapshot) }),
            (error) => listener({ status: 'error', error }),
          ),
        () => listener({ status: 'waiting' }),
        (error) => listener({ status: 'error', error }),
      );
    },

    async read(query) {
      const [{ database }, db] = await Promise.all([firebase.realtime(), sdk()]);
      return alertsOf(await db.get(historyQuery(db, database, query)));
    },

    watchCount(listener) {
      return whenSignedIn(
        firebase,
        (db, database) =>
          db.onValue(
            db.ref(database, paths.alertCount()),
            (snapshot) => {
              const count = alertCountSchema.safeParse(snapshot.val());
              // Below zero for a moment when a deletion is counted before its creation.
              listener(count.success && count.data >= 0 ? count.data : undefined);
            },
            () => listener(undefined),
          ),
        () => listener(undefined),
        () => listener(undefined),
      );
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
