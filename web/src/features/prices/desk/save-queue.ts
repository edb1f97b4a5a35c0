import { isRowChanged, type DeskRow } from './grid';
import { runPool } from '@/lib/pool';
import { IN_FLIGHT } from './in-flight';
import type { PricesFormValues } from '../schemas';

export type RowOutcome =
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; lines: string[] }
  /** Another admin saved the row while the desk was open; `kept`: over this admin's typing. */
  | { state: 'theirs'; name: string; kept: boolean };

export interface SaveQueueDeps {
  /** Saves one row; resolves with the values as stored. */
  save(row: DeskRow): Promise<PricesFormValues>;
  /** The lines to show for a failure (the server's words when it gave some). */
  reasons(error: unknown): string[];
  /** Each row's outcome as it changes. */
  report(key: string, outcome: RowOutcome, stored?: PricesFormValues): void;
}

/**
 * Saves the rows changed since they loaded, one request per row, IN_FLIGHT at a time. A saved
 * row's values become its loaded ones, so it is no longer changed: saving again sends only the
 * rows that failed (or were changed since).
 */
export async function saveChanged(rows: readonly DeskRow[], deps: SaveQueueDeps): Promise<void> {
  const changed = rows.filter(isRowChanged);
  for (const row of changed) deps.report(row.key, { state: 'saving' });
  await runPool(changed, IN_FLIGHT, async (row) => {
    try {
      deps.report(row.key, { state: 'saved' }, await deps.save(row));
    } catch (error) {
      deps.report(row.key, { state: 'failed', lines: deps.reasons(error) });
    }
  });
}
