import { paths } from '../../contracts/index.js';
import { creationBackfill, type CountDeps } from './counted-once.js';
import { childPages, childrenOf } from '../ports.js';

/** How many alerts (or their marks) one read holds. */
const PAGE = 500;

/**
 * Brings the alert count up to the history, once, for the alerts written before the counter
 * existed: each alert still there, and each alert deleted since the counter began (its deletion
 * was taken off a count that never held it), has its creation counted (see `creationBackfill`).
 * Read a page at a time, never whole. Resolves with how many creations this run added.
 */
export async function backfillAlertCount(deps: CountDeps): Promise<number> {
  const backfill = creationBackfill(deps);
  const countCreation = (alertId: string) =>
    backfill.count({
      markPath: paths.alertCountMark(alertId, 'created'),
      countPath: paths.alertCount(),
    });
  for await (const page of childPages(deps.db, paths.alerts(), PAGE)) {
    for (const [alertId] of page) await countCreation(alertId);
  }
  for await (const page of childPages(deps.db, paths.alertCountMarks(), PAGE)) {
    for (const [alertId, mark] of page) {
      if (childrenOf(mark).deleted === true) await countCreation(alertId);
    }
  }
  return backfill.counted();
}
