import type { FirebaseUnavailable } from '@contracts/api-replies';

/**
 * Whether the admin has the Firebase session that chat, the notification history and the sends
 * need. The REST screens never wait for it: sign-in succeeds without it, and the session keeper
 * asks for it again in the background while it is unavailable.
 */
export type RealtimeSession =
  /** Not known yet: the sign-in or the restored session is still asking. */
  | { status: 'connecting' }
  | { status: 'connected' }
  | { status: 'unavailable'; reason: FirebaseUnavailable['reason'] };

export interface RealtimeSessionStore {
  get(): RealtimeSession;
  set(next: RealtimeSession): void;
  subscribe(listener: () => void): () => void;
}

const CONNECTING: RealtimeSession = { status: 'connecting' };

export function createRealtimeSessionStore(): RealtimeSessionStore {
  let current = CONNECTING;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      if (JSON.stringify(next) === JSON.stringify(current)) return;
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * True once the store says connected; false if `wanted` turns false first (the session ended),
 * looked at whenever the store changes or `wake` aborts.
 */
export function untilConnected(
  store: RealtimeSessionStore,
  wanted: () => boolean,
  wake?: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      const connected = store.get().status === 'connected';
      if (connected || !wanted()) {
        unsubscribe();
        wake?.removeEventListener('abort', check);
        resolve(connected && wanted());
      }
    };
    const unsubscribe = store.subscribe(check);
    wake?.addEventListener('abort', check, { once: true });
    check();
  });
}
