import { paths } from '../../contracts/index.js';
import { countOnce, type CountChange, type CountDeps } from './counted-once.js';

/**
 * Adds a created alert to the history's count, or takes a deleted one off, once however often
 * the event arrives (see `countOnce`): the history pages from this count instead of reading
 * every alert. Resolves with whether this call counted it.
 */
export function countAlert(
  input: { alertId: string; change: CountChange },
  deps: CountDeps,
): Promise<boolean> {
  const { alertId, change } = input;
  return countOnce(
    { markPath: paths.alertCountMark(alertId, change), countPath: paths.alertCount(), change },
    deps,
  );
}
