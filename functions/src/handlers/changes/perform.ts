import {
  alertSchema,
  changePaths,
  heldChangeSchema,
  paths,
  scheduledAlertSchema,
  scheduledPaths,
  REJECTION_REASON_MAX,
  type ChangeRequest,
  type HeldPush,
  type HeldUpstream,
} from '../../contracts/index.js';
import { recordAlert } from '../audit/index.js';
import { auditWrite } from './policy.js';
import type { Actor, ChangesDeps, Outcome, ReplayOutcome } from './types.js';

/** Who the history says a push to everyone went to, as the composer writes it. */
const EVERYONE = 'All Users';

/**
 * Makes the change an approval was claimed for (`approving`), as the approver; `failed` when the
 * request holds no change it could make.
 */
export async function performHeldChange(
  id: string,
  request: ChangeRequest,
  approver: Actor,
  deps: ChangesDeps,
): Promise<Outcome> {
  const held = heldChangeSchema.safeParse(await deps.db.get(changePaths.heldChange(id)));
  if (!held.success) {
    await deps.db.update({ [`${changePaths.changeRequest(id)}/status`]: 'failed' });
    deps.logger.error('An approved request holds no change it could make', { id });
    return { ok: false, status: 500, message: 'The request holds no change to make.' };
  }
  return held.data.kind === 'push'
    ? performPush(id, request, held.data, approver, deps)
    : performUpstream(id, request, held.data, approver, deps);
}

/**
 * A held upstream call, sent now with the approver's own token through the audited path (audit,
 * mirror, price history). The request ends `approved`, `failed` with what the upstream answered,
 * or `unknown` when no answer came in time; with the approval's audit entry in the same update.
 */
async function performUpstream(
  id: string,
  request: ChangeRequest,
  held: HeldUpstream,
  approver: Actor,
  deps: ChangesDeps,
): Promise<Outcome> {
  const outcome: ReplayOutcome = deps.replay
    ? await deps.replay(held).catch((error: unknown) => ({
        kind: 'unknown',
        status: 502,
        message: `The call failed on its way: ${String(error)}`,
      }))
    : { kind: 'refused', status: 503, message: 'No upstream call can be made from here.' };
  const status =
    outcome.kind === 'done' ? 'approved' : outcome.kind === 'refused' ? 'failed' : 'unknown';
  const failure =
    outcome.kind === 'done' ? undefined : outcome.message.slice(0, REJECTION_REASON_MAX);
  const requester = request.requesterEmail || request.requestedBy;
  await deps.db
    .update({
      [changePaths.changeRequest(id)]: { ...request, status, ...(failure ? { failure } : {}) },
      ...auditWrite(deps, {
        uid: approver.uid,
        email: approver.email,
        action: 'change.approve',
        targets: { request: id },
        summary:
          outcome.kind === 'done'
            ? `Approved ${requester}'s request: ${request.summary}`
            : `Approved ${requester}'s request, ${outcome.kind === 'unknown' ? 'which may not have been made' : 'which was refused'}: ${request.summary} (${failure ?? ''})`,
        status: outcome.status,
      }),
    })
    .catch((error: unknown) =>
      deps.logger.error('The outcome of an approved request could not be written', {
        id,
        status,
        error: String(error),
      }),
    );
  if (outcome.kind === 'done') return { ok: true, payload: null };
  return {
    ok: false,
    status: outcome.kind === 'unknown' ? 502 : outcome.status,
    message:
      outcome.kind === 'unknown'
        ? `The change may or may not have been made (${outcome.message}): check before asking again.`
        : outcome.message,
  };
}

/**
 * A push now is written as the alert (the alert trigger then pushes it), a push later as a
 * pending scheduled send of the requester's. The request ends `approved` with what was written
 * and the approval's audit entry, in the same update.
 */
async function performPush(
  id: string,
  request: ChangeRequest,
  held: HeldPush,
  approver: Actor,
  deps: ChangesDeps,
): Promise<Outcome> {
  const { db } = deps;
  const now = deps.now();
  const written =
    held.sendAt === undefined
      ? alertWrite(held, db.pushKey(paths.alerts()), now)
      : scheduledWrite(held, request, db.pushKey(scheduledPaths.scheduledAlerts()), now);
  try {
    await db.update({
      ...written.values,
      [changePaths.changeRequest(id)]: { ...request, status: 'approved', ...written.made },
      ...auditWrite(deps, {
        uid: approver.uid,
        email: approver.email,
        action: 'change.approve',
        targets: {
          request: id,
          ...('alertId' in written.made ? { alert: written.made.alertId } : {}),
        },
        summary: `Approved ${request.requesterEmail || request.requestedBy}'s request: ${request.summary}`,
        status: 200,
      }),
    });
  } catch (error) {
    // The update is all or nothing, but a failed call does not say which: never made again
    // on its own, the request says so and an admin looks.
    deps.logger.error('An approved change may or may not have been made', {
      id,
      error: String(error),
    });
    await db
      .update({ [`${changePaths.changeRequest(id)}/status`]: 'unknown' })
      .catch((failed: unknown) =>
        deps.logger.error('A request left approving could not be marked', {
          id,
          error: String(failed),
        }),
      );
    return {
      ok: false,
      status: 502,
      message: 'The change may not have been made: check before asking again.',
    };
  }
  if (written.alert) {
    // Recorded under the admin who composed it: the trigger sees the functions as its writer.
    await recordAlert(
      { alertId: written.alert.notificationId, alert: written.alert, authId: request.requestedBy },
      { db, now: deps.now, logger: deps.logger },
    );
  }
  return { ok: true, payload: written.made };
}

function alertWrite(held: HeldPush, alertId: string, now: number) {
  const alert = alertSchema.parse({
    notificationId: alertId,
    title: held.title,
    description: held.description,
    image: held.image,
    userName: EVERYONE,
    timeStamp: now,
    target: 'all',
  });
  return {
    alert,
    made: { alertId },
    values: { [`${paths.alerts()}/${alertId}`]: alert },
  };
}

function scheduledWrite(held: HeldPush, request: ChangeRequest, key: string, now: number) {
  const entry = scheduledAlertSchema.parse({
    notificationId: key,
    title: held.title,
    description: held.description,
    image: held.image,
    userName: EVERYONE,
    timeStamp: now,
    sendAt: held.sendAt,
    createdBy: request.requestedBy,
    status: 'pending',
    target: 'all',
  });
  return {
    alert: undefined,
    made: { scheduledId: key },
    values: { [scheduledPaths.scheduledAlert(key)]: entry },
  };
}
