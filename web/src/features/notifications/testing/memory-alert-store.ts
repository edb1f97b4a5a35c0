/** Test double of the alert store (only tests import this folder). */
import { vi } from 'vitest';
import type { Alert, Delivery } from '@contracts/realtime';
import type { AlertHistory, AlertStore } from '../api/alert-store';
import type { AlertDraft } from '../schemas';

/** The fake services' clock (web/src/testing/fakes.ts): Jan 15, 2025, 12:00 PM in Los Angeles. */
export const NOW = Date.UTC(2025, 0, 15, 20, 0);

/** An in-memory notification history that behaves like the database: live, newest first. */
export function memoryAlertStore(initial: Alert[] = []) {
  let alerts = initial;
  let failure: unknown = null;
  const listeners = new Set<(history: AlertHistory) => void>();
  const state = (): AlertHistory =>
    failure ? { status: 'error', error: failure } : { status: 'ready', alerts };
  const emit = () => {
    for (const listener of listeners) listener(state());
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
    watch(listener) {
      listeners.add(listener);
      queueMicrotask(() => listener(state()));
      return () => listeners.delete(listener);
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
