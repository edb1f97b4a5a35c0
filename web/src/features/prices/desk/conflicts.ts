import type { PriceDay } from '@contracts/prices/price-desk';
import { deskRow, GRADES, type DeskRow, type Written } from './grid';

/** A row another admin saved since this desk read it, with what they saved and when. */
export interface Conflict {
  key: string;
  /** The uid of the admin whose save it was. */
  by: string;
  /** When it was saved (server time, ms). */
  at: number;
  prices: PriceDay;
}

const sameStamp = (a: Written | null, b: PriceDay) => a !== null && a.at === b.at && a.by === b.by;

/** Whether the typed values are the prices saved (nothing of theirs would be lost). */
const sameValues = (row: DeskRow, prices: PriceDay) =>
  GRADES.every((grade) => Number(row.values[grade].trim()) === prices[grade]);

/**
 * The rows about to be saved whose day in the price history was last written by another admin
 * after this desk read it: its history entry (`current`, by row key; null for none) is not the
 * one the row was read with, and `self` did not write it. A row whose typed values are already
 * what they saved is no conflict.
 */
export function findConflicts(
  rows: readonly DeskRow[],
  current: ReadonlyMap<string, PriceDay | null>,
  self: string,
): Conflict[] {
  return rows.flatMap((row) => {
    const now = current.get(row.key);
    // A day kept from a read is nobody's save: only saves through the product can conflict.
    const by = now?.by;
    if (!now || by === undefined || by === self) return [];
    if (sameStamp(row.written, now) || sameValues(row, now)) return [];
    return [{ key: row.key, by, at: now.at, prices: now }];
  });
}

/**
 * The rows once the admin has chosen for the conflicts: either way each answers to the day as
 * it is now, so a later save asks only of newer writes; keeping theirs also loads their prices
 * into the row, which is then unchanged.
 */
export function settleRows(
  rows: readonly DeskRow[],
  conflicts: readonly Conflict[],
  overwrite: boolean,
): DeskRow[] {
  const found = new Map(conflicts.map((conflict) => [conflict.key, conflict]));
  return rows.map((row) => {
    const theirs = found.get(row.key);
    if (!theirs) return row;
    const written = { at: theirs.at, by: theirs.by };
    if (overwrite) return { ...row, written };
    return {
      ...deskRow(row.groupId, row.typeId, theirs.prices, null, written),
      previous: row.previous,
    };
  });
}
