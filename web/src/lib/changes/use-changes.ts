import { useEffect, useState } from 'react';
import { isOpen, type HeldChange } from '@contracts/changes/changes';
import { useServices } from '../services';
import type { RequestRow } from './change-store';
import { useLive, type Live, type Watch } from './live';

const REQUESTS: Watch<RequestRow[]> = (store, _key, tell, failed) =>
  store.watchRequests('all', tell, failed);
const PENDING: Watch<RequestRow[]> = (store, _key, tell, failed) =>
  store.watchRequests('pending', tell, failed);
const HELD: Watch<HeldChange | null> = (store, id, tell, failed) =>
  store.watchHeld(id, tell, failed);

/** Every change request, live. */
export const useChangeRequests = () => useLive(REQUESTS, 'all');

/**
 * What approving request `id` would do, live, read only while `wanted` (the rules let only the
 * admins who may approve read it: the caller asks for it for them alone).
 */
export const useHeldChange = (id: string, wanted: boolean): Live<HeldChange | null> =>
  useLive(HELD, wanted ? id : null).live;

/** setTimeout takes at most this long (about 24.8 days); a longer wait is taken in steps. */
const LONGEST_TIMER = 2 ** 31 - 1;

/**
 * The services' clock, read again when the soonest open request among `rows` expires, so what
 * is open follows the time without a request changing.
 */
export function useExpiryClock(rows: readonly RequestRow[] | undefined): number {
  const { now } = useServices();
  const [tick, setTick] = useState(0);
  const current = now();
  const soonest = (rows ?? [])
    .filter((row) => isOpen(row, current))
    .reduce((at, row) => Math.min(at, row.expiresAt), Infinity);
  useEffect(() => {
    if (!Number.isFinite(soonest)) return;
    const wait = Math.min(Math.max(soonest - now(), 0) + 1, LONGEST_TIMER);
    const timer = window.setTimeout(() => setTick((n) => n + 1), wait);
    return () => window.clearTimeout(timer);
  }, [soonest, now, tick]);
  return current;
}

/**
 * How many requests wait for a decision now, live; undefined while unknown. Only the pending
 * ones are read: every admin's shell counts them, while the requests kept grow without end.
 */
export function useOpenRequestCount(): number | undefined {
  const { live } = useLive(PENDING, 'pending');
  const rows = live.status === 'ready' ? live.value : undefined;
  const now = useExpiryClock(rows);
  return rows?.filter((row) => isOpen(row, now)).length;
}
