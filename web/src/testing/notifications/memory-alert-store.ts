/** Test double of the notifications' alert store. */
import { vi } from 'vitest';
import type { Alert, Delivery } from '@contracts/push/alerts';
import type { AlertPage, AlertStore, HistoryAlert } from '@/features/notifications/api/alert-store';
import type { Cursor, HistoryQuery } from '@/components/data-table/time-paging';
import type { AlertDraft } from '@/features/notifications/schemas';

/** The fake services' clock (web/src/testing/fakes.ts): Jan 15, 2025, 12:00 PM in Los Angeles. */
export const NOW = Date.UTC(2025, 0, 15, 20, 0);

const order = (a: Cursor, b: Cursor) => a.timeStamp - b.timeStamp || (a.key < b.key ? -1 : 1);

/** What the database answers to a page's query: the matching alerts, oldest first. */
function answer(alerts: Alert[], query: HistoryQuery): HistoryAlert[] {
  const { startAt, endAt, startAfter, endBefore, limitToFirst, limitToLast } = query;
  let rows = alerts
    .map((alert) => ({ ...alert, key: alert.notificationId }))
    .filter(
      (row) =>
        (startAt === undefined || row.timeStamp >= startAt) &&
        (endAt === undefined || row.timeStamp <= endAt) &&
        (!startAfter || order(row, startAfter) > 0) &&
        (!endBefore || order(row, endBefore) < 0),
    )
    .sort(order);
  if (limitToFirst !== undefined) rows = rows.slice(0, limitToFirst);
  if (limitToLast !== undefined) rows = rows.slice(-limitToLast);
  return rows;
}

/**
 * An in-memory notification history that behaves like the database: pages answered live, and
 * the functions' count kept (`alerts.length` unless `count` is given). `queries` records every
 * page query watched or read.
 */
export function memoryAlertStore(initial: Alert[] = [], count?: number) {
  let alerts = initial;
  let failure: unknown = null;
  const queries: HistoryQuery[] = [];
  const listeners = new Map<(page: AlertPage) => void, HistoryQuery>();
  const counters = new Set<(count: number | undefined) => void>();
  const state = (query: HistoryQuery): AlertPage =>
    failure
      ? { status: 'error', error: failure }
      : { status: 'ready', alerts: answer(alerts, query) };
  const emit = () => {
    for (const [listener, query] of listeners) listener(state(query));
    for (const counter of counters) counter(count ?? alerts.length);
  };
  const sent: AlertDraft[] = [];
  const store: AlertStore = {
    send: vi.fn((draft: AlertDraft) => {
      sent.push(draft);
      const notificationId = `-N${sent.length}`;
      alerts = [{ ...draft, notificationId, timeStamp: NOW }, ...alerts];
      emit();
      return Promise.resolve(notificationId);
    }),
    watchPage(query, listener) {
      queries.push(query);
      listeners.set(listener, query);
      queueMicrotask(() => listener(state(query)));
      return () => listeners.delete(listener);
    },
    read(query) {
      queries.push(query);
      return failure ? Promise.reject(failure) : Promise.resolve(answer(alerts, query));
    },
    watchCount(listener) {
      counters.add(listener);
      queueMicrotask(() => listener(count ?? alerts.length));
      return () => counters.delete(listener);
    },
    remove: vi.fn((alertId: string) => {
      alerts = alerts.filter((alert) => alert.notificationId !== alertId);
      emit();
      return Promise.resolve();
    }),
  };
  return {
    store,
    sent,
    queries,
    deliver(alertId: string, delivery: Delivery) {
      alerts = alerts.map((alert) =>
        alert.notificationId === alertId ? { ...alert, delivery } : alert,
      );
      emit();
    },
    fail(error: unknown) {
      failure = error;
      emit();
    },
    recover() {
      failure = null;
    },
    listeners: () => listeners.size,
  };
}
