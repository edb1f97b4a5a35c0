import {
  FUEL_PRICE_FIELDS,
  priceDayIndexEntry,
  fuelPriceSchema,
  paths,
  priceDaySchema,
  type PriceDay,
} from '../../contracts/index.js';
import type { Clock, Db, Logger } from '../ports.js';

/**
 * The price history (`priceHistory/{group}/{type}/{day}`): the prices the product has seen for
 * each day, so the desk can compare and copy days and chart a month without asking the upstream
 * again. A save through the `api` function leaves its day with the admin who saved it; a read
 * of a day's prices leaves the day without `by`, so it never passes for somebody's save. Each
 * day kept is also marked in the index of days (`priceDays`) the price deadline counts from.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const HISTORY_DAY = /^priceHistory\/([^/]+)\/([^/]+)\/(\d{4}-\d{2}-\d{2})$/;

/** The index entries (`priceDays`) of the history days in an update about to be written. */
export function dayIndexOf(update: Record<string, unknown>): Record<string, true> {
  const entries: Record<string, true> = {};
  for (const path of Object.keys(update)) {
    const [, groupId, typeId, day] = HISTORY_DAY.exec(path) ?? [];
    if (groupId && typeId && day) Object.assign(entries, priceDayIndexEntry(groupId, typeId, day));
  }
  return entries;
}
const KEY = /^[^.#$[\]/]{1,128}$/;

/**
 * The day a successful price save leaves, as `{path: value}` to write beside its audit entry:
 * the record the reply echoes, or when it echoes none (a bare 204, a model without its fields),
 * the fields sent; nothing when neither is a price record.
 */
export function priceDayOf(
  row: { groupId: string | undefined; typeId: unknown; sent?: Record<string, unknown> },
  payload: unknown,
  by: string,
  at: number,
): Record<string, PriceDay> {
  const echoed = fuelPriceSchema.safeParse(payload);
  const saved = echoed.success ? echoed : fuelPriceSchema.safeParse(row.sent);
  const { groupId } = row;
  const type = text(fieldOf(payload, 'fuel_price_type_id')) ?? text(row.typeId);
  if (!saved.success || !groupId || !KEY.test(groupId) || !type || !KEY.test(type)) return {};
  if (!DAY.test(saved.data.date)) return {};
  const day = priceDaySchema.safeParse({ ...saved.data, at, by });
  if (!day.success) return {};
  return { [`${paths.priceHistory(groupId, type)}/${saved.data.date}`]: day.data };
}

/** A price read the history may keep: where, and the day as read. */
export interface PriceRead {
  path: string;
  day: PriceDay;
}

/** Whether a call is a read of one group's and type's prices: `GET admin/group/{g}/fuel-prices/{t}`. */
export function isPriceRead(method: string, segments: readonly string[]): boolean {
  const [admin, group, groupId, prices, typeId, ...rest] = segments;
  return (
    method === 'GET' &&
    admin === 'admin' &&
    group === 'group' &&
    prices === 'fuel-prices' &&
    groupId !== undefined &&
    typeId !== undefined &&
    rest.length === 0
  );
}

/**
 * What a successful price read (`isPriceRead`) tells the history: the record's prices under the
 * record's own date (an upstream that reads no day answers its latest record, whatever its
 * date); null for a reply that is no price record or keys the database cannot hold.
 */
export function priceReadOf(
  segments: readonly string[],
  payload: unknown,
  at: number,
): PriceRead | null {
  const [, , groupId, , typeId] = segments;
  if (!groupId || !KEY.test(groupId) || !typeId || !KEY.test(typeId)) return null;
  const record = fuelPriceSchema.safeParse(payload);
  if (!record.success || !DAY.test(record.data.date)) return null;
  const day = priceDaySchema.safeParse({ ...record.data, at });
  if (!day.success) return null;
  return { path: `${paths.priceHistory(groupId, typeId)}/${record.data.date}`, day: day.data };
}

/**
 * The day a read leaves in place of what the history holds (undefined: leave it). A save
 * through the product is never replaced by a read, which may have left the upstream before
 * that save landed; a day already holding these prices is left as it is.
 */
export function keptAfterRead(current: unknown, read: PriceDay): PriceDay | undefined {
  const held = priceDaySchema.safeParse(current);
  if (!held.success) return read;
  if (held.data.by !== undefined) return undefined;
  return FUEL_PRICE_FIELDS.every((grade) => held.data[grade] === read[grade]) ? undefined : read;
}

/** Where read prices are kept: the database, its clock and the log for a failed write. */
export interface PriceHistoryDeps {
  db: Db;
  now: Clock;
  logger: Logger;
}

/**
 * Keeps a read day in the history (after the reply is sent: the admin never waits for it). A
 * failed write is logged and lost: the next read of that day tries again.
 */
export async function recordPriceRead(read: PriceRead, deps: PriceHistoryDeps): Promise<void> {
  try {
    await deps.db.transaction(read.path, (current) => keptAfterRead(current, read.day));
    await deps.db.update(dayIndexOf({ [read.path]: read.day }));
  } catch (error) {
    deps.logger.warn('Could not keep a read price day in the history', {
      path: read.path,
      error: String(error),
    });
  }
}

function fieldOf(value: unknown, name: string): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
