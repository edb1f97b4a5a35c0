import { chatCountMarkSchema } from '../../contracts/index.js';
import type { ClaimDeps } from '../push/index.js';
import { increment } from '../ports.js';

export type CountDeps = Pick<ClaimDeps, 'db' | 'now' | 'invocation' | 'takeoverMs'>;

export type CountChange = 'created' | 'deleted';

/**
 * Another invocation is counting this change and may still be running. Thrown so that the event
 * is delivered again later, by when it has finished or can be taken over.
 */
export class CountClaimedError extends Error {
  constructor(path: string, by: string) {
    super(`${path} is being counted by ${by}; retrying later`);
    this.name = 'CountClaimedError';
  }
}

/**
 * Adds a created child to a count, or takes a deleted one off, once however often the event
 * arrives. Recounting the children would read them all, and a list of counted ids in the
 * counter's own transaction would grow with them; instead each change has its own mark at
 * `markPath`, claimed in a transaction on that mark alone, and the count at `countPath` moves by
 * `increment` in the same atomic update that sets the mark to `true`: a mark is `true` exactly
 * when its change is in the count. A claim older than `takeoverMs` (the function's timeout)
 * belongs to a stopped invocation, whose update either landed whole or not at all, so it is
 * taken over. Creation and deletion have marks of their own, so a deletion counted before its
 * creation nets out too. Resolves with whether this call counted it.
 */
export async function countOnce(
  input: { markPath: string; countPath: string; change: CountChange },
  deps: CountDeps,
): Promise<boolean> {
  const { markPath, countPath, change } = input;
  const at = deps.now();
  const taken = await deps.db.transaction(markPath, (current) => {
    const mark = chatCountMarkSchema.safeParse(current);
    if (!mark.success) return { by: deps.invocation, at };
    if (mark.data === true) return undefined;
    const held = mark.data.by !== deps.invocation && at - mark.data.at < deps.takeoverMs;
    return held ? undefined : { by: deps.invocation, at };
  });
  const mark = chatCountMarkSchema.parse(taken.value);
  if (mark === true) return false;
  if (mark.by !== deps.invocation) throw new CountClaimedError(markPath, mark.by);
  await deps.db.update({
    [markPath]: true,
    [countPath]: increment(change === 'created' ? 1 : -1),
  });
  return true;
}

/**
 * The backfills' core: counts creations through the triggers' own marks, so running a backfill
 * twice, or beside the triggers, counts nothing twice, and leaves a creation another invocation
 * is counting right now to it. `counted()` is how many creations this backfill added.
 */
export function creationBackfill(deps: CountDeps) {
  let counted = 0;
  return {
    async count(paths: { markPath: string; countPath: string }): Promise<void> {
      try {
        if (await countOnce({ ...paths, change: 'created' }, deps)) counted += 1;
      } catch (error) {
        if (!(error instanceof CountClaimedError)) throw error;
      }
    },
    counted: () => counted,
  };
}
