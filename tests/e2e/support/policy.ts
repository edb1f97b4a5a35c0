import type { Database } from 'firebase-admin/database';
import {
  changePaths,
  policyOf,
  type ChangePolicy,
  type HoldReason,
} from '../../../functions/src/contracts/index.js';

/**
 * Sets switches of the change policy until the returned function puts the policy back: what an
 * owner does on the Approvals screen, for the files that test the changes themselves (a push to
 * everyone, a price save with a warning) rather than their approval. Written as the functions
 * write it (the rules let no browser write the policy).
 */
export async function policyForRun(
  db: Database,
  switches: Partial<Record<HoldReason, boolean>>,
): Promise<() => Promise<void>> {
  const policy = db.ref(changePaths.changePolicy());
  const before: unknown = (await policy.get()).val();
  await policy.set({
    ...policyOf(before),
    ...switches,
    updatedAt: Date.now(),
    updatedBy: 'e2e',
  } satisfies ChangePolicy);
  return () => policy.set(before);
}
