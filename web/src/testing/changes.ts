import {
  PENDING_REQUESTS,
  type ChangePolicy,
  type ChangeRequest,
  type HeldChange,
} from '@contracts/changes/changes';
import type { ChangeStore, RequestRow, RequestsWanted } from '@/lib/changes/change-store';

/** The fake services' clock (fakes.ts): Jan 15, 2025, 12:00 PM in Los Angeles. */
export const NOW = Date.UTC(2025, 0, 15, 20, 0);
const HOUR = 3_600_000;

/** A pending push to everyone asked for an hour before NOW, open for two days. */
export function changeRequest(overrides: Partial<ChangeRequest> = {}): ChangeRequest {
  return {
    kind: 'push',
    reason: 'pushAll',
    summary: 'Push "Storm warning" to everyone',
    requestedBy: '7',
    requesterEmail: 'sam@fuel-community.test',
    requestedAt: NOW - HOUR,
    expiresAt: NOW + 47 * HOUR,
    status: 'pending',
    audience: { users: 1204, devices: 2210 },
    ...overrides,
  };
}

/** A policy saved the day before NOW, with every switch at its default. */
export const storedPolicy = (overrides: Partial<ChangePolicy> = {}): ChangePolicy => ({
  pushAll: true,
  priceWarnings: true,
  userDelete: false,
  groupDelete: false,
  expiresAfterHours: 48,
  updatedAt: NOW - 24 * HOUR,
  updatedBy: '1',
  ...overrides,
});

interface Listener<T> {
  tell: (value: T) => void;
  failed: (error: unknown) => void;
}

/** The index of a day's price rows, as the functions keep it: `{groupId}:{typeId}` = true. */
export const priceDay = (...rows: string[]) =>
  Object.fromEntries(rows.map((row) => [row, true as const]));

/**
 * An in-memory copy of what the functions keep: requests, held changes, the policy and the
 * index of price days, each followed live. `deniedHeld` makes every held change refused, as the
 * rules refuse an admin who may not approve.
 */
export function memoryChangeStore(
  initial: {
    requests?: Record<string, ChangeRequest>;
    held?: Record<string, HeldChange>;
    policy?: ChangePolicy | null;
    deniedHeld?: boolean;
    /** `priceDays`: each day's rows (see `priceDay`). */
    priceDays?: Record<string, unknown>;
  } = {},
) {
  let requests = initial.requests ?? {};
  let held = initial.held ?? {};
  let policy = initial.policy ?? null;
  let priceDays = initial.priceDays ?? {};
  const requestListeners = new Map<Listener<RequestRow[]>, RequestsWanted>();
  const policyListeners = new Set<Listener<ChangePolicy | null>>();
  const heldListeners = new Map<Listener<HeldChange | null>, string>();
  const dayListeners = new Map<Listener<unknown>, string>();
  const heldReads: string[] = [];
  const rows = (wanted: RequestsWanted) =>
    Object.entries(requests)
      .map(([id, request]) => ({ ...request, id }))
      .filter((row) => wanted === 'all' || row.status === PENDING_REQUESTS.equalTo);

  const store: ChangeStore = {
    watchRequests(wanted, tell, failed) {
      const listener = { tell, failed };
      requestListeners.set(listener, wanted);
      queueMicrotask(() => requestListeners.has(listener) && tell(rows(wanted)));
      return () => void requestListeners.delete(listener);
    },
    watchPolicy(tell, failed) {
      const listener = { tell, failed };
      policyListeners.add(listener);
      queueMicrotask(() => policyListeners.has(listener) && tell(policy));
      return () => void policyListeners.delete(listener);
    },
    watchHeld(id, tell, failed) {
      heldReads.push(id);
      const listener = { tell, failed };
      if (initial.deniedHeld) {
        queueMicrotask(() => failed(new Error('permission_denied at /heldChanges')));
        return () => {};
      }
      heldListeners.set(listener, id);
      queueMicrotask(() => heldListeners.has(listener) && tell(held[id] ?? null));
      return () => void heldListeners.delete(listener);
    },
    watchPriceDay(day, tell, failed) {
      const listener = { tell, failed };
      dayListeners.set(listener, day);
      queueMicrotask(() => dayListeners.has(listener) && tell(priceDays[day] ?? null));
      return () => void dayListeners.delete(listener);
    },
  };

  return {
    store,
    /** The ids whose held change was asked for. */
    heldReads,
    /** A request changed (or added) as the functions would; wrap it in act. */
    setRequest(id: string, request: ChangeRequest) {
      requests = { ...requests, [id]: request };
      for (const [listener, wanted] of requestListeners) listener.tell(rows(wanted));
    },
    setHeld(id: string, change: HeldChange | null) {
      const { [id]: _gone, ...rest } = held;
      held = change ? { ...rest, [id]: change } : rest;
      for (const [listener, watched] of heldListeners) {
        if (watched === id) listener.tell(held[id] ?? null);
      }
    },
    setPolicy(next: ChangePolicy | null) {
      policy = next;
      for (const listener of policyListeners) listener.tell(policy);
    },
    /** A day's index changed as the functions would (null: no rows); wrap it in act. */
    setPriceDay(day: string, rows: unknown) {
      priceDays = { ...priceDays, [day]: rows };
      for (const [listener, watched] of dayListeners) {
        if (watched === day) listener.tell(rows);
      }
    },
    /** The days whose index is followed now, each once, sorted. */
    watchedDays: () => [...new Set(dayListeners.values())].sort(),
    failRequests(error: unknown) {
      for (const listener of requestListeners.keys()) listener.failed(error);
    },
    failPriceDays(error: unknown) {
      for (const listener of dayListeners.keys()) listener.failed(error);
    },
    listeners: () =>
      requestListeners.size + policyListeners.size + heldListeners.size + dayListeners.size,
  };
}
