import type { PriceDay } from '@contracts/prices/price-desk';
import { deskRow, GRADES, isRowChanged, type DeskRow } from './grid';

/**
 * What a day of the price history, written while the desk is open, does to its row:
 * - `none`: nothing new (this admin's own save, the write the row was read with, the prices it
 *   already shows, or a read of a row the admin is changing);
 * - `replace`: a row the admin has not changed takes the new prices as loaded;
 * - `kept`: a row the admin has changed keeps their typing, and learns who saved it; its save
 *   then still asks first, since the row answers to the write it was read with.
 * `by` names the admin whose save it was (absent for a day kept from a read).
 */
export type Received =
  { kind: 'none' } | { kind: 'replace'; row: DeskRow; by?: string } | { kind: 'kept'; by: string };

const NONE: Received = { kind: 'none' };

export function receiveDay(row: DeskRow, day: PriceDay, self: string): Received {
  const { by } = day;
  if (by === self) return NONE;
  if (by !== undefined && row.written?.at === day.at && row.written.by === by) return NONE;
  if (isRowChanged(row)) return by === undefined ? NONE : { kind: 'kept', by };
  const same = GRADES.every((grade) => Number(row.loaded[grade].trim()) === day[grade]);
  if (same && by === undefined) return NONE;
  const written = by === undefined ? row.written : { at: day.at, by };
  const replaced = {
    ...deskRow(row.groupId, row.typeId, day, null, written),
    previous: row.previous,
  };
  return by === undefined
    ? { kind: 'replace', row: replaced }
    : { kind: 'replace', row: replaced, by };
}
