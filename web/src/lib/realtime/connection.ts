import type * as DatabaseSdk from 'firebase/database';

/** How long a send or delete waits for the database connection before saying it cannot reach it. */
export const CONNECT_TIMEOUT_MS = 8000;

/**
 * Resolves true once the database connection is up, false when it is not within `timeoutMs`.
 * A write made offline would wait in the SDK and go out whenever the connection returns;
 * callers that must not send late (pushes) ask first and refuse instead.
 */
export function waitForConnection(
  sdk: Pick<typeof DatabaseSdk, 'onValue' | 'ref'>,
  database: DatabaseSdk.Database,
  timeoutMs: number,
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (value: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The first value may come before onValue has returned its unsubscribe function.
      queueMicrotask(() => unsubscribe());
      resolve(value);
    };
    const timer = setTimeout(() => settle(false), timeoutMs);
    const unsubscribe = sdk.onValue(sdk.ref(database, '.info/connected'), (snapshot) => {
      if (snapshot.val() === true) settle(true);
    });
  });
}
