import { isRowChanged, type DeskRow } from './grid';
import { heldOf } from '@/lib/api/api-client';
import { runPool } from '@/lib/pool';
import { IN_FLIGHT } from './in-flight';
import type { PricesFormValues } from '../schemas';

export type RowOutcome =
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; lines: string[] }
  /** Held for a second admin's approval: not saved, and not to be sent again. */
  | { state: 'held' }
  /** Another admin saved the row while the desk was open; `kept`: over this admin's typing. */
  | { state: 'theirs'; name: string; kept: boolean };

export interface SaveQueueDeps {
  /** Saves one row; resolves with the values as stored. */
  save(row: DeskRow): Promise<PricesFormValues>;
  /** The lines to show for a failure (the server's words when it gave some). */
  reasons(error: unknown): string[];
  /** Each row's outcome as it changes; `stored`: the values saved. */
  report(key: string, outcome: RowOutcome, stored?: PricesFormValues): void;
}

/**
 * Saves the rows changed since they loaded, one request per row, IN_FLIGHT at a time. A saved
 * row's values become its loaded ones, so it is no longer changed: saving again sends only the
 * rows that failed (or were changed since). A row the server held for a second admin is no
 * failure: the request waiting for approval holds its prices.
 */
export async function saveChanged(rows: readonly DeskRow[], deps: SaveQueueDeps): Promise<void> {
  const changed = rows.filter(isRowChanged);
  for (const row of changed) deps.report(row.key, { state: 'saving' });
  await runPool(changed, IN_FLIGHT, async (row) => {
    try {
      deps.report(row.key, { state: 'saved' }, await deps.save(row));
    } catch (error) {
      if (heldOf(error)) deps.report(row.key, { state: 'held' });
      else deps.report(row.key, { state: 'failed', lines: deps.reasons(error) });
    }
  });
}
