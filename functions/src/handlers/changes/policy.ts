import {
  auditEntrySchema,
  changePaths,
  changePolicyInputSchema,
  paths,
  policyOf,
  REQUEST_EXPIRY_HOURS,
  type AuditEntry,
  type ChangePolicyInput,
} from '../../contracts/index.js';
import type { Actor, ChangesDeps, Outcome } from './types.js';

/** Sets which changes need a second admin; the caller may (an owner, or anyone before roles). */
export async function setChangePolicy(
  body: unknown,
  actor: Actor,
  deps: ChangesDeps,
): Promise<Outcome> {
  const input = changePolicyInputSchema.safeParse(body);
  if (!input.success) {
    return {
      ok: false,
      status: 400,
      message: `The policy is {"pushAll": true|false, "expiresAfterHours": ${REQUEST_EXPIRY_HOURS.min}-${REQUEST_EXPIRY_HOURS.max}}.`,
    };
  }
  const before = policyOf(await deps.db.get(changePaths.changePolicy()));
  const after = input.data;
  await deps.db.update({
    [changePaths.changePolicy()]: { ...after, updatedAt: deps.now(), updatedBy: actor.uid },
    ...auditWrite(deps, {
      uid: actor.uid,
      email: actor.email,
      action: 'policy.update',
      summary: `Pushes to everyone ${after.pushAll ? 'need' : 'no longer need'} a second admin; requests expire after ${after.expiresAfterHours} h`,
      before: described(before),
      after: described(after),
      status: 200,
    }),
  });
  return { ok: true, payload: null };
}

const described = (policy: ChangePolicyInput) => ({
  pushAll: policy.pushAll ? 'needs a second admin' : 'direct',
  expiresAfterHours: policy.expiresAfterHours,
});

/** One audit entry, as an update to write with the change it records. */
export function auditWrite(
  deps: Pick<ChangesDeps, 'db' | 'now'>,
  entry: Omit<AuditEntry, 'at'>,
): Record<string, unknown> {
  const key = deps.db.pushKey(paths.auditLog());
  return { [`${paths.auditLog()}/${key}`]: auditEntrySchema.parse({ ...entry, at: deps.now() }) };
}
