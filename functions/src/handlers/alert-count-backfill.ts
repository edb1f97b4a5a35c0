import { paths } from '../contracts/index.js';
import { AlertCountClaimedError, countAlert, type AlertCountDeps } from './alert-count.js';
import { childPages, childrenOf } from './ports.js';

/** How many alerts (or their marks) one read holds. */
const PAGE = 500;

/**
 * Brings the alert count up to the history, once, for the alerts written before the counter
 * existed: each alert still there, and each alert deleted since the counter began (its deletion
 * was taken off a count that never held it), has its creation counted through the triggers' own
 * marks, so running it twice, or beside the triggers, counts nothing twice. A creation another
 * invocation is counting right now is left to it. Read a page at a time, never whole.
 * Resolves with how many creations this run added.
 */
export async function backfillAlertCount(deps: AlertCountDeps): Promise<number> {
  let counted = 0;
  const countCreation = async (alertId: string) => {
    try {
      if (await countAlert({ alertId, change: 'created' }, deps)) counted += 1;
    } catch (error) {
      if (!(error instanceof AlertCountClaimedError)) throw error;
    }
  };
  for await (const page of childPages(deps.db, paths.alerts(), PAGE)) {
    for (const [alertId] of page) await countCreation(alertId);
  }
  for await (const page of childPages(deps.db, paths.alertCountMarks(), PAGE)) {
    for (const [alertId, mark] of page) {
      if (childrenOf(mark).deleted === true) await countCreation(alertId);
    }
  }
  return counted;
}
