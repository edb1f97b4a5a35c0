import { pushClaimSchema, type PushClaim } from '../../contracts/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import type { PushOutcome, PushProgress, Resume } from './push.js';

/** What makes a push happen once though its trigger event may arrive more than once. */
export interface ClaimDeps {
  db: Db;
  now: Clock;
  logger: Logger;
  /** This invocation, unique per run: a redelivered event is another invocation. */
  invocation: string;
  /**
   * How old a `sending` claim must be before another invocation takes it over: the function's
   * timeout, after which its holder has certainly been stopped.
   */
  takeoverMs: number;
}

/**
 * Another invocation is sending this push and may still be running. Thrown so that the event is
 * delivered again later (the triggers retry), by when it has finished or can be taken over.
 */
export class PushClaimedError extends Error {
  constructor(path: string, by: string) {
    super(`${path} is being sent by ${by}; retrying later`);
    this.name = 'PushClaimedError';
  }
}

/** `by` of a claim whose holder gave it up after a failure: anyone may take it at once. */
const RELEASED = '';

const NOTHING_DONE: PushProgress = { pages: 0, sent: 0, failed: 0, permanent: 0, pruned: 0 };

/**
 * Sends a push at most once per claim path, resuming after the pages an earlier attempt
 * finished. The claim is taken in a transaction: a `done` claim means delivered, nothing is
 * sent and undefined is returned; a `sending` claim younger than `takeoverMs` held by another
 * invocation throws `PushClaimedError`; an older one is taken over with its progress. Progress
 * is recorded whenever the fan-out calls `checkpoint`. `complete` stores the `done` claim (by
 * default alone, in one update). A failure releases the claim (its progress kept) so the retry
 * resumes at once.
 */
export async function pushOnce<Outcome extends PushOutcome & { next?: string }>(
  path: string,
  deps: ClaimDeps,
  send: (resume: Resume) => Promise<Outcome>,
  complete: (done: PushClaim) => Promise<void> = (done) => deps.db.update({ [path]: done }),
): Promise<Outcome | undefined> {
  const { db, invocation } = deps;
  const at = deps.now();
  // The SDK may first call a transaction with null before it knows the stored value; a claim
  // is then proposed, and the database refuses it and asks again if one is there.
  const taken = await db.transaction(path, (current) => {
    const claim = pushClaimSchema.safeParse(current);
    if (!claim.success) return { state: 'sending', at, by: invocation, ...NOTHING_DONE };
    if (claim.data.state === 'done') return undefined;
    const held = claim.data.by !== RELEASED && claim.data.by !== invocation;
    if (held && at - claim.data.at < deps.takeoverMs) return undefined;
    return { ...claim.data, at, by: invocation };
  });
  const claim = pushClaimSchema.parse(taken.value);
  if (claim.state === 'done') {
    deps.logger.info('Already pushed; not sent again', { path });
    return undefined;
  }
  if (claim.by !== invocation) throw new PushClaimedError(path, claim.by);
  if (claim.pages > 0) deps.logger.info('Resuming a push', { path, ...progressOf(claim) });

  const ours = (change: (claim: PushClaim) => PushClaim) => (current: unknown) => {
    const stored = pushClaimSchema.safeParse(current);
    if (!stored.success) return change(claim);
    return stored.data.by === invocation && stored.data.state === 'sending'
      ? change(stored.data)
      : undefined;
  };

  let pages = claim.pages;
  let outcome: Outcome;
  try {
    outcome = await send({
      from: progressOf(claim),
      checkpoint: async (progress) => {
        const saved = await db.transaction(
          path,
          ours((stored) => ({ ...stored, ...progress })),
        );
        if (!saved.committed) throw new Error(`${path} was taken over; stopping this attempt`);
        pages = progress.pages;
      },
    });
  } catch (error) {
    // Held by nobody: the next attempt resumes without waiting. If even this write fails, the
    // next attempt waits out the takeover age instead.
    await db
      .transaction(
        path,
        ours((stored) => ({ ...stored, by: RELEASED })),
      )
      .catch(() => undefined);
    throw error;
  }
  await complete({
    state: 'done',
    at: deps.now(),
    by: invocation,
    pages,
    sent: outcome.sent,
    failed: outcome.failed,
    permanent: outcome.permanent,
    pruned: outcome.pruned,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
    ...(outcome.next === undefined ? {} : { next: outcome.next }),
  });
  return outcome;
}

function progressOf(claim: PushClaim): PushProgress {
  const { pages, sent, failed, pruned } = claim;
  return { pages, sent, failed, permanent: claim.permanent ?? 0, pruned };
}
