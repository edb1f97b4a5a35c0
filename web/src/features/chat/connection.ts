/**
 * The chat's view of its database connection, from the SDK's `.info/connected` signal. The
 * signal is false for a moment at every page start, so a page that has never been connected
 * counts as offline only after a grace period, and since the page started.
 */

export const CONNECT_GRACE_MS = 4000;

export type Connection =
  | { status: 'connecting'; since: number }
  | { status: 'online' }
  | { status: 'offline'; since: number };

export type ConnectionEvent =
  { type: 'signal'; connected: boolean; at: number } | { type: 'tick'; at: number };

export function nextConnection(state: Connection, event: ConnectionEvent): Connection {
  if (event.type === 'signal' && event.connected) {
    return state.status === 'online' ? state : { status: 'online' };
  }
  switch (state.status) {
    case 'online':
      return event.type === 'signal' ? { status: 'offline', since: event.at } : state;
    case 'connecting':
      return event.at - state.since >= CONNECT_GRACE_MS
        ? { status: 'offline', since: state.since }
        : state;
    case 'offline':
      return state;
  }
}

export type OfflineFor =
  | { unit: 'under-a-minute' }
  | { unit: 'minutes'; minutes: number }
  | { unit: 'hours'; hours: number; minutes: number };

/** How long the connection has been down, as the header says it. */
export function offlineFor(since: number, now: number): OfflineFor {
  const minutes = Math.floor(Math.max(0, now - since) / 60_000);
  if (minutes < 1) return { unit: 'under-a-minute' };
  if (minutes < 60) return { unit: 'minutes', minutes };
  return { unit: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
