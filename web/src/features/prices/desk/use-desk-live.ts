import { useEffect, useRef, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@contracts/realtime';
import { priceDaySchema, type PriceDay } from '@contracts/prices/price-desk';
import { useServices, useSession } from '@/lib/services';
import type { DeskRow } from './grid';
import { receiveDay } from './live';
import type { PresenceStore } from './presence';
import type { RowOutcome } from './save-queue';

export interface DeskLiveInput {
  date: string;
  /** The rows the desk opened with: the days followed (a new day is a new desk). */
  opened: readonly DeskRow[];
  /** Whether the price history can be read; without it nothing is followed. */
  enabled: boolean;
  rows: readonly DeskRow[];
  setRows: Dispatch<SetStateAction<DeskRow[]>>;
  setOutcomes: Dispatch<SetStateAction<ReadonlyMap<string, RowOutcome>>>;
  /** Who is on the desk: the name a save is shown under. */
  presence: PresenceStore;
}

/**
 * Follows each row's day in the price history (`priceHistory/{group}/{type}/{day}`) while the
 * desk is open, so saves by other admins reach the grid without a reload: an unchanged row takes
 * their prices, a changed one keeps the typing; both say who saved (`receiveDay`).
 */
export function useDeskLive({
  date,
  opened,
  enabled,
  rows,
  setRows,
  setOutcomes,
  presence,
}: DeskLiveInput) {
  const { t } = useTranslation('prices');
  const { firebase, logger } = useServices();
  const session = useSession();
  const self = session ? String(session.user.id) : '';
  const current = useRef(rows);
  const followed = useRef(opened);
  const receive = useRef<(key: string, day: PriceDay) => void>(() => undefined);
  useEffect(() => {
    current.current = rows;
    receive.current = (key, day) => {
      const row = current.current.find((candidate) => candidate.key === key);
      const received = row ? receiveDay(row, day, self) : null;
      if (!received || received.kind === 'none') return;
      if (received.kind === 'replace') {
        // Decided again on the row as it is by then: typing may have landed since.
        setRows((now) =>
          now.map((each) => {
            if (each.key !== key) return each;
            const again = receiveDay(each, day, self);
            return again.kind === 'replace' ? again.row : each;
          }),
        );
      }
      const { by } = received;
      if (by === undefined) return;
      const name = presence.nameOf(by) ?? t('DESK.ANOTHER_ADMIN');
      setOutcomes((now) =>
        new Map(now).set(key, { state: 'theirs', name, kept: received.kind === 'kept' }),
      );
    };
  });

  useEffect(() => {
    if (!enabled) return;
    let closed = false;
    const undo: (() => void)[] = [];
    const follow = async () => {
      const [database, sdk] = await Promise.all([firebase.database(), import('firebase/database')]);
      if (closed) return;
      for (const { key, groupId, typeId } of followed.current) {
        const path = `${paths.priceHistory(String(groupId), String(typeId))}/${date}`;
        undo.push(
          sdk.onValue(
            sdk.ref(database, path),
            (snapshot) => {
              const day = priceDaySchema.safeParse(snapshot.val());
              if (day.success) receive.current(key, day.data);
            },
            (error) => logger.info('The desk cannot follow the saves of other admins', error),
          ),
        );
      }
    };
    // After the grid's first paint: following never holds up the rows.
    const timer = window.setTimeout(() => {
      follow().catch((error: unknown) => logger.info('The desk cannot follow saves', error));
    }, 0);
    return () => {
      closed = true;
      window.clearTimeout(timer);
      for (const stop of undo) stop();
    };
  }, [enabled, date, firebase, logger]);
}
