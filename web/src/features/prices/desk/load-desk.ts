import type { FuelPrice, FuelPriceType } from '@contracts/upstream/upstream';
import type { PriceDay } from '@contracts/prices/price-desk';
import type { PriceGroup } from '@/lib/price-lists/price-groups';
import { deskRow, type DeskRow } from './grid';
import { runPool } from '@/lib/pool';
import { IN_FLIGHT } from './in-flight';

type Grades = Omit<PriceDay, 'at' | 'by'>;

export interface LoadDeskDeps {
  /** The days kept up to `endDay`, oldest first (the price history); rejects when unreadable. */
  days(
    groupId: number,
    typeId: number,
    endDay: string,
  ): Promise<{ day: string; prices: PriceDay }[]>;
  /**
   * What the upstream answers to a price read for the day: that day's record (null: none), or,
   * from an upstream that reads no day (`readsDay` false), its latest record whatever its date.
   */
  saved(groupId: number, typeId: number, date: string): Promise<FuelPrice | null>;
  /** Whether `saved` answers for the day asked. */
  readsDay: boolean;
}

/** The calendar day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Every group x type for the day: the day as saved through the product and the latest day
 * before it (saved or read) from the price history, and where the history holds neither, what the upstream holds, IN_FLIGHT requests at a time.
 * An upstream that reads a day is asked for the day and for the day before; one that reads no
 * day answers its latest record, which is the day's when it carries that date and the previous
 * prices when it is older: never another day's prices shown as this one's. Without the history
 * (`deps.days` unavailable) every row asks the upstream.
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
  const rows: KnownRow[] = pairs.map(({ group, type }, index) => {
    const days = histories[index] ?? [];
    const today = days.find((entry) => entry.day === date)?.prices;
    return {
      groupId: group.id,
      typeId: type.id,
      // A day kept from a read may have been saved over elsewhere since: ask again.
      today: today?.by === undefined ? null : today,
      previous: days.filter((entry) => entry.day < date).at(-1)?.prices ?? null,
    };
  });

  const filled = new Map<KnownRow, { today: Grades | null; previous: Grades | null }>();
  let failure: unknown;
  const gaps = rows.filter((row) => row.today === null || row.previous === null);
  await runPool(gaps, IN_FLIGHT, async (row) => {
    try {
      filled.set(row, await fromUpstream(row, date, deps));
    } catch (error) {
      failure ??= error;
    }
  });
  // A row that could not be read would show empty and invite overwriting what is saved.
  if (failure !== undefined) throw failure;
  return rows.map((row) => {
    const { today, previous } = filled.get(row) ?? row;
    const by = row.today?.by;
    const written = row.today && by !== undefined ? { at: row.today.at, by } : null;
    return deskRow(row.groupId, row.typeId, today, previous, written);
  });
}

/** A row as the price history knows it. */
interface KnownRow {
  groupId: number;
  typeId: number;
  today: PriceDay | null;
  previous: PriceDay | null;
}

/** The day's and the previous prices the history lacks, from the upstream. */
async function fromUpstream(
  row: KnownRow,
  date: string,
  deps: LoadDeskDeps,
): Promise<{ today: Grades | null; previous: Grades | null }> {
  const read = (day: string) => deps.saved(row.groupId, row.typeId, day);
  if (!deps.readsDay) {
    const latest = await read(date);
    return {
      today: row.today ?? (latest?.date === date ? latest : null),
      previous: row.previous ?? (latest !== null && latest.date < date ? latest : null),
    };
  }
  // One after the other: IN_FLIGHT counts requests, not rows.
  const today = row.today ?? (await read(date));
  const previous = row.previous ?? (await read(dayBefore(date)));
  return { today, previous };
}
