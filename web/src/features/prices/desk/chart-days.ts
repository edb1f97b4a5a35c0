import type { FuelPrice } from '@contracts/upstream/upstream';
import { FUEL_PRICE_FIELDS } from '@contracts/upstream/upstream';
import type { PriceDay } from '@contracts/prices/price-desk';
import { runPool } from '@/lib/pool';
import { IN_FLIGHT } from './in-flight';

/** The chart covers this many calendar days, the chosen one included. */
export const CHART_DAYS = 30;

/** The day `days` before a YYYY-MM-DD day, as YYYY-MM-DD (calendar arithmetic in UTC). */
export function dayBefore(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

export type ChartPrices = Pick<FuelPrice, (typeof FUEL_PRICE_FIELDS)[number]>;

export interface ChartDays {
  /** The days with prices, oldest first. */
  days: { day: string; prices: ChartPrices }[];
  /** How many days the upstream could not be asked about (their prices are unknown). */
  unread: number;
}

export interface ChartDaysDeps {
  /** The price history's days from `startDay` to `endDay`; rejects when it cannot be read. */
  history(startDay: string, endDay: string): Promise<{ day: string; prices: PriceDay }[]>;
  /** The upstream's record for exactly that day, or null for none. */
  saved(day: string): Promise<FuelPrice | null>;
  /** Whether the upstream can be asked for a given day at all. */
  readsDay: boolean;
}

/**
 * The last CHART_DAYS days up to `endDay`: the price history first, then, from an upstream that
 * reads a day, every day the history lacks, IN_FLIGHT at a time (each read is kept in the
 * history by the functions, so the next chart of the row asks less). Without per-day reads the
 * history is all there is. A day that could not be read is counted, not fatal: the chart shows
 * what is known and says the rest is missing.
 */
export async function loadChartDays(endDay: string, deps: ChartDaysDeps): Promise<ChartDays> {
  const startDay = dayBefore(endDay, CHART_DAYS - 1);
  const kept = await deps.history(startDay, endDay);
  const known = new Map<string, ChartPrices>(kept.map(({ day, prices }) => [day, prices]));
  let unread = 0;
  if (deps.readsDay) {
    const window = Array.from({ length: CHART_DAYS }, (_, at) => dayBefore(endDay, at));
    const gaps = window.filter((day) => !known.has(day));
    await runPool(gaps, IN_FLIGHT, async (day) => {
      try {
        const record = await deps.saved(day);
        if (record?.date === day) known.set(day, record);
      } catch {
        unread++;
      }
    });
  }
  const days = [...known]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, prices]) => ({
      day,
      prices: Object.fromEntries(
        FUEL_PRICE_FIELDS.map((grade) => [grade, prices[grade]]),
      ) as ChartPrices,
    }));
  return { days, unread };
}
