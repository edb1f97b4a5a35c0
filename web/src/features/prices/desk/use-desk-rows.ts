import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FuelPriceType } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { useCapabilities } from '@/lib/api/capabilities';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';
import { mark } from '@/lib/perf';
import { useRealtimeSession, useServices } from '@/lib/services';
import { readFuelPrices } from '../api/get-fuel-prices';
import type { PriceGroup } from '@/lib/price-lists/price-groups';
import { readPriceDays } from '../api/get-price-history';
import { priceKeys } from '../api/keys';
import { loadDesk } from './load-desk';

/** The day and the latest earlier day: all the grid compares against. */
const DAYS_READ = 2;

export function deskQueryOptions(
  deps: { api: ApiClient; firebase: FirebaseRuntime },
  input: {
    groups: readonly PriceGroup[];
    types: readonly FuelPriceType[];
    date: string;
    history: boolean;
    /** The upstream's day parameter of a price read (capabilities), or null. */
    dayParam: string | null;
  },
) {
  const { api, firebase } = deps;
  const { groups, types, date, history, dayParam } = input;
  // The groups and types come from their own queries; the day and the history make the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: priceKeys.desk(date, history),
    queryFn: async ({ signal }) => {
      const rows = await loadDesk(groups, types, date, {
        days: (groupId, typeId, endDay) =>
          history
            ? readPriceDays(firebase, { groupId, typeId, endDay, count: DAYS_READ })
            : Promise.reject(new Error('no database session')),
        saved: (groupId, typeId, day) =>
          readFuelPrices(api, { groupId, typeId, date: day }, dayParam, signal),
        readsDay: dayParam !== null,
      });
      // For the benchmark (bench/suites/desk.ts): from the rows in hand to the grid painted.
      mark('desk:rows');
      return rows;
    },
    // The grid edits its own copy of what loaded: read once per opening of the day, never again
    // behind the admin's back, and forgotten once the desk closes so the next opening is fresh.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * The desk's rows for the day, once the groups and types are known and the database session has
 * settled (without one, every row asks the upstream).
 */
export function useDeskRows(
  groups: readonly PriceGroup[] | undefined,
  types: readonly FuelPriceType[] | undefined,
  date: string,
) {
  const { api, firebase } = useServices();
  const realtime = useRealtimeSession();
  const history = realtime.status === 'connected';
  const capabilities = useCapabilities();
  const ready =
    groups !== undefined &&
    types !== undefined &&
    capabilities !== undefined &&
    realtime.status !== 'connecting';
  const query = useQuery({
    ...deskQueryOptions(
      { api, firebase },
      {
        groups: groups ?? [],
        types: types ?? [],
        date,
        history,
        dayParam: capabilities?.priceDayParam ?? null,
      },
    ),
    enabled: ready,
  });
  return { query, history, readsDay: capabilities?.priceDayParam != null };
}
