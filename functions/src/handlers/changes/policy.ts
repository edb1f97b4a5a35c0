import {
  auditEntrySchema,
  changePaths,
  changePolicyInputSchema,
  paths,
  policyOf,
  REQUEST_EXPIRY_HOURS,
  HOLD_REASONS,
  type AuditEntry,
  type ChangePolicySettings,
  type HoldReason,
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
      message: `The policy is {"pushAll", "priceWarnings"?, "userDelete"?, "groupDelete"?: true|false, "expiresAfterHours": ${REQUEST_EXPIRY_HOURS.min}-${REQUEST_EXPIRY_HOURS.max}, "priceDeadline"?: "HH:MM"}.`,
    };
  }
  const before = policyOf(await deps.db.get(changePaths.changePolicy()));
  const after: ChangePolicySettings = {
    pushAll: input.data.pushAll,
    priceWarnings: input.data.priceWarnings ?? before.priceWarnings,
    userDelete: input.data.userDelete ?? before.userDelete,
    groupDelete: input.data.groupDelete ?? before.groupDelete,
    expiresAfterHours: input.data.expiresAfterHours,
    priceDeadline: input.data.priceDeadline ?? before.priceDeadline,
  };
  await deps.db.update({
    [changePaths.changePolicy()]: { ...after, updatedAt: deps.now(), updatedBy: actor.uid },
    ...auditWrite(deps, {
      uid: actor.uid,
      email: actor.email,
      action: 'policy.update',
      summary: summaryOf(after),
      before: described(before),
      after: described(after),
      status: 200,
    }),
  });
  return { ok: true, payload: null };
}

/** What each switch holds, as the audit trail says it. */
const HELD: Record<HoldReason, string> = {
  pushAll: 'pushes to everyone',
  priceWarnings: 'price saves with a warning',
  userDelete: 'user deletes',
  groupDelete: 'group deletes',
};

function summaryOf(policy: ChangePolicySettings): string {
  const held = HOLD_REASONS.filter((reason) => policy[reason]).map((reason) => HELD[reason]);
  const what =
    held.length === 0
      ? 'Nothing needs a second admin'
      : `A second admin approves ${held.join(', ')}`;
  return `${what}; requests expire after ${policy.expiresAfterHours} h; prices are due by ${policy.priceDeadline} the day before`;
}

const described = (policy: ChangePolicySettings) => ({
  ...Object.fromEntries(
    HOLD_REASONS.map((reason) => [reason, policy[reason] ? 'needs a second admin' : 'direct']),
  ),
  expiresAfterHours: policy.expiresAfterHours,
  priceDeadline: policy.priceDeadline,
});

/** One audit entry, as an update to write with the change it records. */
export function auditWrite(
  deps: Pick<ChangesDeps, 'db' | 'now'>,
  entry: Omit<AuditEntry, 'at'>,
): Record<string, unknown> {
  const key = deps.db.pushKey(paths.auditLog());
  return { [`${paths.auditLog()}/${key}`]: auditEntrySchema.parse({ ...entry, at: deps.now() }) };
}
