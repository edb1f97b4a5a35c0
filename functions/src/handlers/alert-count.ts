import { chatCountMarkSchema, paths } from '../contracts/index.js';
import type { ClaimDeps } from './push-claims.js';
import { increment } from './ports.js';

export type AlertCountDeps = Pick<ClaimDeps, 'db' | 'now' | 'invocation' | 'takeoverMs'>;

/**
 * Another invocation is counting this change and may still be running. Thrown so that the event
 * is delivered again later, by when it has finished or can be taken over.
 */
export class AlertCountClaimedError extends Error {
  constructor(path: string, by: string) {
    super(`${path} is being counted by ${by}; retrying later`);
    this.name = 'AlertCountClaimedError';
  }
}

/**
 * Adds a created alert to the history's count, or takes a deleted one off, once however often
 * the event arrives: the history pages from this count instead of reading every alert. As for a
 * group's chat count, each change has its own mark (same shape), claimed in a transaction on
 * that mark alone, and the count moves by `increment` in the same atomic update that sets the
 * mark to `true`. A claim older than `takeoverMs` belongs to a stopped invocation and is taken
 * over. Resolves with whether this call counted it.
 */
export async function countAlert(
  input: { alertId: string; change: 'created' | 'deleted' },
  deps: AlertCountDeps,
): Promise<boolean> {
  const { alertId, change } = input;
  const path = paths.alertCountMark(alertId, change);
  const at = deps.now();
  const taken = await deps.db.transaction(path, (current) => {
    const mark = chatCountMarkSchema.safeParse(current);
    if (!mark.success) return { by: deps.invocation, at };
    if (mark.data === true) return undefined;
    const held = mark.data.by !== deps.invocation && at - mark.data.at < deps.takeoverMs;
    return held ? undefined : { by: deps.invocation, at };
  });
  const mark = chatCountMarkSchema.parse(taken.value);
  if (mark === true) return false;
  if (mark.by !== deps.invocation) throw new AlertCountClaimedError(path, mark.by);
  await deps.db.update({
    [path]: true,
    [paths.alertCount()]: increment(change === 'created' ? 1 : -1),
  });
  return true;
}
