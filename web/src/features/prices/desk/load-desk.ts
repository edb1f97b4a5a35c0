import type { FuelPrice, FuelPriceType } from '@contracts/upstream';
import type { PriceDay } from '@contracts/realtime';
import type { PriceGroup } from '../api/get-price-groups';
import { deskRow, type DeskRow } from './grid';
import { runPool } from '@/lib/pool';
import { IN_FLIGHT } from './in-flight';

export interface LoadDeskDeps {
  /** The days saved up to `endDay`, oldest first (the price history); rejects when unreadable. */
  days(
    groupId: number,
    typeId: number,
    endDay: string,
  ): Promise<{ day: string; prices: PriceDay }[]>;
  /** The prices the upstream holds for the day (null: none). */
  saved(groupId: number, typeId: number, date: string): Promise<FuelPrice | null>;
}

/**
 * Every group x type for the day: the day and the latest day before it from the price history,
 * and, where the history holds nothing for the day, the upstream's saved prices, IN_FLIGHT
 * requests at a time. Without the history (`deps.days` unavailable) every row asks the upstream.
 */
export async function loadDesk(
  groups: readonly PriceGroup[],
  types: readonly FuelPriceType[],
  date: string,
  deps: LoadDeskDeps,
): Promise<DeskRow[]> {
  const pairs = groups.flatMap((group) => types.map((type) => ({ group, type })));
  const histories = await Promise.all(
    pairs.map(({ group, type }) =>
      deps.days(group.id, type.id, date).catch(() => [] as { day: string; prices: PriceDay }[]),
    ),
  );
  const rows = pairs.map(({ group, type }, index) => {
    const days = histories[index] ?? [];
    const today = days.find((entry) => entry.day === date)?.prices ?? null;
    const previous = days.filter((entry) => entry.day < date).at(-1)?.prices ?? null;
    const written = today ? { at: today.at, by: today.by } : null;
    return { row: deskRow(group.id, type.id, today, previous, written), known: today !== null };
  });
  const missing = rows.filter((entry) => !entry.known);
  const fetched = new Map<string, FuelPrice | null>();
  let failure: unknown;
  await runPool(missing, IN_FLIGHT, async ({ row }) => {
    try {
      fetched.set(row.key, await deps.saved(row.groupId, row.typeId, date));
    } catch (error) {
      failure ??= error;
    }
  });
  // A row that could not be read would show empty and invite overwriting what is saved.
  if (failure !== undefined) throw failure;
  return rows.map(({ row, known }) =>
    known ? row : deskRow(row.groupId, row.typeId, fetched.get(row.key) ?? null, row.previous),
  );
}
