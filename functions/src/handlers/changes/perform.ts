import {
  alertSchema,
  changePaths,
  heldChangeSchema,
  paths,
  scheduledAlertSchema,
  scheduledPaths,
  type ChangeRequest,
  type HeldChange,
} from '../../contracts/index.js';
import { recordAlert } from '../audit/index.js';
import { auditWrite } from './policy.js';
import type { Actor, ChangesDeps, Outcome } from './types.js';

/** Who the history says a push to everyone went to, as the composer writes it. */
const EVERYONE = 'All Users';

/**
 * Makes the change an approval was claimed for (`approving`), as the approver: a push now is
 * written as the alert (the alert trigger then pushes it), a push later as a pending scheduled
 * send of the requester's. The request ends `approved` with what was written and the approval's
 * audit entry, in the same update; `failed` when the held change cannot be made.
 */
export async function performHeldChange(
  id: string,
  request: ChangeRequest,
  approver: Actor,
  deps: ChangesDeps,
): Promise<Outcome> {
  const { db } = deps;
  const held = heldChangeSchema.safeParse(await db.get(changePaths.heldChange(id)));
  if (!held.success) {
    await db.update({ [`${changePaths.changeRequest(id)}/status`]: 'failed' });
    deps.logger.error('An approved request holds no change it could make', { id });
    return { ok: false, status: 500, message: 'The request holds no change to make.' };
  }
  const now = deps.now();
  const written =
    held.data.sendAt === undefined
      ? alertWrite(held.data, db.pushKey(paths.alerts()), now)
      : scheduledWrite(held.data, request, db.pushKey(scheduledPaths.scheduledAlerts()), now);
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

function alertWrite(held: HeldChange, alertId: string, now: number) {
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

function scheduledWrite(held: HeldChange, request: ChangeRequest, key: string, now: number) {
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
