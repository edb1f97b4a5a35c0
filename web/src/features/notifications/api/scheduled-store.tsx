import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { alertSchema } from '@contracts/push/alerts';
import { scheduledAlertSchema, scheduledPaths, type ScheduledAlert } from '@contracts/scheduled';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';
import type { Logger } from '@/lib/logger';
import { writeScheduledAlert } from '@/lib/push/scheduled-alert';
import { useServices } from '@/lib/services';
import type { AlertDraft } from '../schemas';
import { whenConnected, whenSignedIn } from './alert-store';

/**
 * Notifications to send later (`scheduledAlerts`): the admin writes one as the alert it will
 * become plus when to send it; the functions send it when it is due and mark it sent. Until
 * then it can be edited or cancelled (deleted).
 */

export type PendingScheduled = ScheduledAlert & { key: string };

export type ScheduledList =
  | { status: 'loading' }
  | { status: 'ready'; pending: PendingScheduled[] }
  | { status: 'error'; error: unknown };

export interface ScheduledStore {
  /** Writes a new pending entry under a push key; resolves with that key. */
  schedule(draft: AlertDraft, sendAt: number): Promise<string>;
  /** A pending entry's new title, text and time. */
  edit(key: string, change: { title: string; description: string; sendAt: number }): Promise<void>;
  cancel(key: string): Promise<void>;
  /** Follows the pending entries, soonest first; returns the way to stop. */
  watchPending(listener: (list: ScheduledList) => void): () => void;
}

export function firebaseScheduledStore(firebase: FirebaseRuntime, logger: Logger): ScheduledStore {
  const connected = async () => {
    const [{ auth, database }, db] = await Promise.all([
      firebase.realtime(),
      import('firebase/database'),
    ]);
    // Offline, a write would wait in the SDK; the admin is told now instead.
    await whenConnected(db, database);
    return { auth, database, db };
  };

  return {
    async schedule(draft, sendAt) {
      await connected();
      return writeScheduledAlert(
        firebase,
        (key) => alertSchema.parse({ ...draft, notificationId: key, timeStamp: 0 }),
        sendAt,
      );
    },

    async edit(key, change) {
      const { database, db } = await connected();
      await db.update(db.ref(database, scheduledPaths.scheduledAlert(key)), change);
    },

    async cancel(key) {
      const { database, db } = await connected();
      await db.remove(db.ref(database, scheduledPaths.scheduledAlert(key)));
    },

    watchPending(listener) {
      return whenSignedIn(
        firebase,
        (db, database) =>
          db.onValue(
            db.query(
              db.ref(database, scheduledPaths.scheduledAlerts()),
              db.orderByChild('status'),
              db.equalTo('pending'),
            ),
            (snapshot) => {
              const pending: PendingScheduled[] = [];
              snapshot.forEach((child) => {
                const entry = scheduledAlertSchema.safeParse(child.val());
                if (entry.success && child.key && entry.data.status === 'pending') {
                  pending.push({ ...entry.data, key: child.key });
                } else
                  logger.warn(`Scheduled alert ${child.key ?? '?'} is not of the expected shape`);
              });
              listener({ status: 'ready', pending: pending.sort((a, b) => a.sendAt - b.sendAt) });
            },
            (error) => listener({ status: 'error', error }),
          ),
        () => listener({ status: 'loading' }),
        (error) => listener({ status: 'error', error }),
      );
    },
  };
}

const ScheduledStoreContext = createContext<ScheduledStore | null>(null);

/** Hands the screens another store (tests give an in-memory one). */
export function ScheduledStoreProvider({
  store,
  children,
}: {
  store: ScheduledStore;
  children: ReactNode;
}) {
  return <ScheduledStoreContext value={store}>{children}</ScheduledStoreContext>;
}

export function useScheduledStore(): ScheduledStore {
  const given = use(ScheduledStoreContext);
  const { firebase, logger } = useServices();
  return useMemo(
    () => given ?? firebaseScheduledStore(firebase, logger),
    [given, firebase, logger],
  );
}

/** The pending scheduled notifications, live. */
export function usePendingScheduled(store: ScheduledStore): ScheduledList {
  const [list, setList] = useState<{ store: ScheduledStore; list: ScheduledList } | null>(null);
  useEffect(() => store.watchPending((next) => setList({ store, list: next })), [store]);
  return list?.store === store ? list.list : { status: 'loading' };
}
