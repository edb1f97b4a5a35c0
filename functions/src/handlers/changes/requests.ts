import {
  allows,
  CHANGE_SUMMARY_MAX,
  changePaths,
  changeRequestInputSchema,
  changeRequestSchema,
  isOpen,
  policyOf,
  heldChangeSchema,
  rejectionInputSchema,
  type AuditEntry,
  type ChangeRequest,
  type HeldChange,
  type ChangeStatus,
  type Decision,
} from '../../contracts/index.js';
import { auditWrite } from './policy.js';
import { performHeldChange } from './perform.js';
import { notifyApprovers } from './notify.js';
import type { ActingAdmin, Actor, ChangesDeps, Outcome } from './types.js';

const HOUR_MS = 3_600_000;

export interface RequestDeps extends ChangesDeps {
  /** How many users and devices a push to everyone reaches now; throws when it cannot tell. */
  audience: () => Promise<{ users: number; devices: number }>;
}

/**
 * An admin allowed to push to everyone asks for a push the policy holds: the request, what it
 * would do and its audit entry are written in one update, then the approvers are told.
 */
export async function requestChange(
  body: unknown,
  actor: ActingAdmin,
  deps: RequestDeps,
): Promise<Outcome> {
  const input = changeRequestInputSchema.safeParse(body);
  if (!input.success) {
    return invalid('A held push is {"kind": "push", "title", "description", "image", "sendAt"?}.');
  }
  const policy = policyOf(await deps.db.get(changePaths.changePolicy()));
  if (!policy.pushAll) {
    return {
      ok: false,
      status: 409,
      message: 'Pushes to everyone do not need a second admin now: send it directly.',
    };
  }
  const audience = await deps.audience().catch((error: unknown) => {
    deps.logger.warn('The audience of a held push could not be counted', { error: String(error) });
    return undefined;
  });
  const held = input.data;
  const summary = `${held.sendAt === undefined ? 'Push' : 'Scheduled push'} "${held.title}" to everyone`;
  const id = await fileRequest(
    { kind: 'push', reason: 'pushAll', summary, ...(audience ? { audience } : {}) },
    held,
    {},
    actor,
    { ...deps, expiresAfterHours: policy.expiresAfterHours },
  );
  return { ok: true, payload: { id } };
}

/** What a new request says beyond who asked, when, and until when. */
type NewRequest = Pick<ChangeRequest, 'kind' | 'reason' | 'summary' | 'audience'>;

/**
 * Files a request: the request, what it would do and its audit entry in one update, then the
 * approvers are told. The request's id.
 */
export async function fileRequest(
  fields: NewRequest,
  held: HeldChange,
  targets: NonNullable<AuditEntry['targets']>,
  actor: Actor,
  deps: ChangesDeps & { expiresAfterHours: number },
): Promise<string> {
  const { db } = deps;
  const id = db.pushKey(changePaths.changeRequests());
  const now = deps.now();
  const request = changeRequestSchema.parse({
    ...fields,
    summary: fields.summary.slice(0, CHANGE_SUMMARY_MAX),
    requestedBy: actor.uid,
    requesterEmail: actor.email,
    requestedAt: now,
    expiresAt: now + deps.expiresAfterHours * HOUR_MS,
    status: 'pending',
  } satisfies ChangeRequest);
  await db.update({
    [changePaths.changeRequest(id)]: request,
    [changePaths.heldChange(id)]: heldChangeSchema.parse(held),
    ...auditWrite(deps, {
      uid: actor.uid,
      email: actor.email,
      action: 'change.request',
      targets: { ...targets, request: id },
      summary: `Asked a second admin to approve: ${request.summary}`,
      status: 202,
    }),
  });
  await notifyApprovers(id, request, deps).catch((error: unknown) =>
    deps.logger.error('The approvers were not told of a request', { id, error: String(error) }),
  );
  return id;
}

const DECIDED: Record<Decision, ChangeStatus> = {
  approve: 'approving',
  reject: 'rejected',
  withdraw: 'withdrawn',
};

/**
 * An approval, a rejection or a withdrawal. The request moves on in a transaction from an open
 * request only, so two admins deciding at once decide it once: the second gets 409. An approval
 * then makes the held change (perform.ts).
 */
export async function decideChange(
  id: string,
  decision: Decision,
  body: unknown,
  actor: ActingAdmin,
  deps: ChangesDeps,
): Promise<Outcome> {
  const stored = changeRequestSchema.safeParse(await deps.db.get(changePaths.changeRequest(id)));
  if (!stored.success) return { ok: false, status: 404, message: 'There is no such request.' };
  const request = stored.data;
  const own = request.requestedBy === actor.uid;
  if (decision === 'withdraw' && !own) {
    return refused('Only the admin who asked may withdraw a request.');
  }
  if (decision !== 'withdraw' && own) {
    return refused('A second admin decides on a request: not the admin who asked.');
  }
  if (decision !== 'withdraw' && !allows(actor.grants, 'changes.approve')) {
    return refused('Deciding on requests needs the Approver or Owner role.');
  }
  const rejection = decision === 'reject' ? rejectionInputSchema.safeParse(body) : undefined;
  if (rejection && !rejection.success) return invalid('A rejection is {"reason": "…"}.');

  const now = deps.now();
  const decided = (open: ChangeRequest): ChangeRequest => ({
    ...open,
    status: DECIDED[decision],
    decidedBy: actor.uid,
    deciderEmail: actor.email,
    decidedAt: now,
    ...(rejection?.success ? { rejection: rejection.data.reason } : {}),
  });
  // The SDK may first call a transaction with null before it knows the stored value: the
  // request read above is proposed, and the database asks again if it holds another.
  const claim = await deps.db.transaction(changePaths.changeRequest(id), (current) => {
    const latest = current === null ? stored : changeRequestSchema.safeParse(current);
    return latest.success && isOpen(latest.data, now) ? decided(latest.data) : undefined;
  });
  if (!claim.committed) return notOpen(claim.value, now);
  const taken = decided(request);
  if (decision === 'approve') return performHeldChange(id, taken, actor, deps);
  await deps.db.update(
    auditWrite(deps, {
      uid: actor.uid,
      email: actor.email,
      action: decision === 'reject' ? 'change.reject' : 'change.withdraw',
      targets: { request: id },
      summary:
        decision === 'reject'
          ? `Rejected ${request.requesterEmail}'s request (${request.summary}): ${taken.rejection ?? ''}`
          : `Withdrew the request: ${request.summary}`,
      status: 200,
    }),
  );
  return { ok: true, payload: null };
}

function notOpen(value: unknown, now: number): Outcome {
  const current = changeRequestSchema.safeParse(value);
  const status =
    current.success && current.data.status === 'pending' && now >= current.data.expiresAt
      ? 'expired'
      : current.success
        ? current.data.status
        : 'gone';
  return {
    ok: false,
    status: 409,
    message: `This request no longer waits for a decision (${status}).`,
  };
}

const invalid = (message: string): Outcome => ({ ok: false, status: 400, message });
const refused = (message: string): Outcome => ({ ok: false, status: 403, message });
