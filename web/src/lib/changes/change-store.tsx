import { createContext, use, useMemo, type ReactNode } from 'react';
import type * as Sdk from 'firebase/database';
import {
  changePaths,
  PENDING_REQUESTS,
  type ChangePolicy,
  type HeldChange,
} from '@contracts/changes/changes';
import { deadlinePaths } from '@contracts/prices/price-deadline';
import type { FirebaseRuntime } from '../firebase/runtime';
import type { Logger } from '../logger';
import { useServices } from '../services';
import type * as Parse from './parse';
import type { RequestRow } from './parse';

export type { RequestRow };

/**
 * Changes held for a second admin, as the functions keep them in the database (contracts/
 * changes.ts): the requests every admin reads, what each would do (only the admins who may
 * approve read it), and the policy; with the index of price days the policy's price deadline
 * counts from (contracts/prices/price-deadline.ts). Nothing here writes: every change goes through the
 * API.
 */

type Stop = () => void;
type Failed = (error: unknown) => void;

/** Every request kept, or only those waiting for a decision. */
export type RequestsWanted = 'all' | 'pending';

export interface ChangeStore {
  /**
   * Follows the requests wanted (those that parse), in the database's order; returns the way to
   * stop.
   */
  watchRequests(
    wanted: RequestsWanted,
    listener: (rows: RequestRow[]) => void,
    failed: Failed,
  ): Stop;
  /** Follows the stored policy: null when none (or none valid) is stored. */
  watchPolicy(listener: (stored: ChangePolicy | null) => void, failed: Failed): Stop;
  /** Follows what approving a request would do: null when it is not there (any more). */
  watchHeld(id: string, listener: (held: HeldChange | null) => void, failed: Failed): Stop;
  /**
   * Follows the rows the price history holds for one day (`priceDays/{day}`), as stored:
   * `missingRows` reads it.
   */
  watchPriceDay(day: string, listener: (rows: unknown) => void, failed: Failed): Stop;
}

export function firebaseChangeStore(firebase: FirebaseRuntime, logger: Logger): ChangeStore {
  /**
   * Follows one path (or a query on it) until stopped, each value read through `read`; a failure
   * to load the SDK is a failure of the read.
   */
  const follow = (
    path: string,
    read: (parse: typeof Parse, value: unknown) => void,
    failed: Failed,
    narrow: (sdk: typeof Sdk, at: Sdk.DatabaseReference) => Sdk.Query = (_sdk, at) => at,
  ) => {
    let stopped = false;
    let stop: Stop = () => {};
    void Promise.all([firebase.database(), import('firebase/database'), import('./parse')])
      .then(([database, sdk, parse]) => {
        if (stopped) return;
        stop = sdk.onValue(
          narrow(sdk, sdk.ref(database, path)),
          (snapshot) => read(parse, snapshot.val()),
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
  };

  return {
    watchRequests: (wanted, listener, failed) =>
      follow(
        changePaths.changeRequests(),
        (parse, value) => listener(parse.requestRowsOf(value, logger)),
        failed,
        wanted === 'pending'
          ? (sdk, at) =>
              sdk.query(
                at,
                sdk.orderByChild(PENDING_REQUESTS.orderByChild),
                sdk.equalTo(PENDING_REQUESTS.equalTo),
              )
          : undefined,
      ),
    watchPolicy: (listener, failed) =>
      follow(
        changePaths.changePolicy(),
        (parse, value) => listener(parse.storedPolicyOf(value, logger)),
        failed,
      ),
    watchHeld: (id, listener, failed) =>
      follow(
        changePaths.heldChange(id),
        (parse, value) => listener(parse.heldChangeOf(id, value, logger)),
        failed,
      ),
    watchPriceDay: (day, listener, failed) =>
      follow(deadlinePaths.priceDay(day), (_parse, value) => listener(value), failed),
  };
}

const ChangeStoreContext = createContext<ChangeStore | null>(null);

/** Hands the screens another store (tests give an in-memory one). */
export function ChangeStoreProvider({
  store,
  children,
}: {
  store: ChangeStore;
  children: ReactNode;
}) {
  return <ChangeStoreContext value={store}>{children}</ChangeStoreContext>;
}

export function useChangeStore(): ChangeStore {
  const given = use(ChangeStoreContext);
  const { firebase, logger } = useServices();
  return useMemo(() => given ?? firebaseChangeStore(firebase, logger), [given, firebase, logger]);
}
