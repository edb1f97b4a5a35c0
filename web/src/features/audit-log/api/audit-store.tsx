import { createContext, use, useMemo, type ReactNode } from 'react';
import { queryOptions } from '@tanstack/react-query';
import { auditEntrySchema } from '@contracts/admins/audit';
import { paths } from '@contracts/realtime';
import { constraintsOf, type HistoryQuery } from '@/components/data-table/time-paging';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';
import type { Logger } from '@/lib/logger';
import { useServices } from '@/lib/services';
import { auditRow, type AuditRow } from '../entries';
import {
  FILTERED_BATCH,
  isFiltered,
  matchesFilter,
  readFiltered,
  type AuditFilter,
} from '../reading';

/** The audit trail the functions write at `auditLog`, which admins may read and nobody write. */
export interface AuditStore {
  /** The rows one query on `at` returns, oldest first as the database orders them. */
  read(query: HistoryQuery): Promise<AuditRow[]>;
  /** Follows the newest `count` rows (newest first); returns the way to stop. */
  watchLatest(
    count: number,
    listener: (rows: AuditRow[]) => void,
    failed: (error: unknown) => void,
  ): () => void;
}

/** The rows of a snapshot that parse as entries; one that does not is logged and left out. */
function rowsOf(
  snapshot: { forEach: (action: (child: { key: string | null; val(): unknown }) => void) => void },
  logger: Logger,
): AuditRow[] {
  const rows: AuditRow[] = [];
  snapshot.forEach((child) => {
    const entry = auditEntrySchema.safeParse(child.val());
    if (entry.success && child.key) rows.push(auditRow(child.key, entry.data));
    else logger.warn(`Audit entry ${child.key ?? '?'} is not of the expected shape`);
  });
  return rows;
}

export function firebaseAuditStore(firebase: FirebaseRuntime, logger: Logger): AuditStore {
  const sdk = () => import('firebase/database');
  return {
    async read(query) {
      const [{ database }, db] = await Promise.all([firebase.realtime(), sdk()]);
      const log = db.query(db.ref(database, paths.auditLog()), ...constraintsOf(db, 'at', query));
      return rowsOf(await db.get(log), logger);
    },

    watchLatest(count, listener, failed) {
      let stopped = false;
      let stop = () => {};
      void Promise.all([firebase.realtime(), sdk()])
        .then(([{ database }, db]) => {
          if (stopped) return;
          const latest = db.query(
            db.ref(database, paths.auditLog()),
            ...constraintsOf(db, 'at', { limitToLast: count }),
          );
          stop = db.onValue(
            latest,
            (snapshot) => listener(rowsOf(snapshot, logger).reverse()),
            failed,
          );
        })
        .catch((error: unknown) => {
          if (!stopped) failed(error);
        });
      return () => {
        stopped = true;
        stop();
      };
    },
  };
}

export const auditKeys = {
  all: ['audit-log'] as const,
  page: (query: HistoryQuery, filter: AuditFilter) =>
    [...auditKeys.all, 'page', query, filter] as const,
};

/** One page of the log as the filters select it (reading.ts), read once. */
export const auditPageOptions = (store: AuditStore, query: HistoryQuery, filter: AuditFilter) =>
  queryOptions({
    queryKey: auditKeys.page(query, filter),
    queryFn: () =>
      readFiltered<AuditRow>(
        query,
        (row) => matchesFilter(row, filter),
        (next) => store.read(next),
        isFiltered(filter) ? FILTERED_BATCH : 0,
      ),
  });

const AuditStoreContext = createContext<AuditStore | null>(null);

/** Hands the screen another store (tests give an in-memory one). */
export function AuditStoreProvider({
  store,
  children,
}: {
  store: AuditStore;
  children: ReactNode;
}) {
  return <AuditStoreContext value={store}>{children}</AuditStoreContext>;
}

export function useAuditStore(): AuditStore {
  const given = use(AuditStoreContext);
  const { firebase, logger } = useServices();
  return useMemo(() => given ?? firebaseAuditStore(firebase, logger), [given, firebase, logger]);
}
