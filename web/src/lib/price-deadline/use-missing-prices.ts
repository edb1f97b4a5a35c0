import { useEffect, useState } from 'react';
import { dayAfter, fromLosAngeles, losAngelesDay } from '@contracts/prices/los-angeles';
import { dueAt, missingRows } from '@contracts/prices/price-deadline';
import { useLive, type Live, type Watch } from '../changes/live';
import { useChangePolicy } from '../changes/use-change-policy';
import { useServices } from '../services';

const PRICE_DAY: Watch<unknown> = (store, day, tell, failed) =>
  store.watchPriceDay(day, tell, failed);

/** The rows missing for tomorrow, and how many rows have prices today to be missing at all. */
export interface Missing {
  /** `{groupId}:{typeId}`, sorted. */
  rows: string[];
  /** The rows the price history holds for today (none: nothing can be missing). */
  today: number;
}

export interface MissingPrices {
  /** Tomorrow in Los Angeles: the day whose prices are counted. */
  day: string;
  /** When they are due (UTC ms): the policy's deadline, today in Los Angeles. */
  dueAt: number;
  overdue: boolean;
  /** Known once both days' index answered; an error when either failed. */
  missing: Live<Missing>;
  retry: () => void;
}

/**
 * What is missing for tomorrow (docs/product.md, "Price deadline"), live: the rows the price
 * history holds for today and not for tomorrow, with tomorrow's deadline. Today is the Los
 * Angeles day of the services' clock, read again at the deadline and at midnight, so the days
 * followed roll over with it.
 */
export function useMissingPrices(): MissingPrices {
  const { now } = useServices();
  const { policy } = useChangePolicy();
  const [tick, setTick] = useState(0);
  const current = now();
  const today = losAngelesDay(current);
  const day = dayAfter(today);
  const due = dueAt(day, policy.priceDeadline);
  // Midnight is never skipped in Los Angeles: its clocks change at 2 AM.
  const midnight = fromLosAngeles({ date: day, time: '00:00' }) as number;
  // The deadline falls within today, before the next midnight.
  const next = current < due ? due : midnight;
  useEffect(() => {
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.max(next - now(), 0) + 1);
    return () => window.clearTimeout(timer);
  }, [next, now, tick]);

  const before = useLive(PRICE_DAY, today);
  const after = useLive(PRICE_DAY, day);
  return {
    day,
    dueAt: due,
    overdue: current >= due,
    missing: missingOf(before.live, after.live),
    retry: () => {
      before.retry();
      after.retry();
    },
  };
}

/** The rows missing from `after`, once both days are known. */
function missingOf(before: Live<unknown>, after: Live<unknown>): Live<Missing> {
  if (before.status === 'error') return before;
  if (after.status === 'error') return after;
  if (before.status === 'loading' || after.status === 'loading') return { status: 'loading' };
  return {
    status: 'ready',
    value: {
      rows: missingRows(before.value, after.value),
      // Today's rows, read as missingRows reads them: all missing from a day without any.
      today: missingRows(before.value, null).length,
    },
  };
}
