import { onSchedule } from 'firebase-functions/v2/scheduler';
import { scheduledPaths } from '../../contracts/index.js';
import { adminDb, childrenWhere, logger } from '../../adapters/firebase.js';
import { sendDueScheduled } from '../../handlers/push/index.js';

/**
 * Every minute, the scheduled alerts whose time has come become alerts, which the alert
 * trigger pushes. Locally the dev stack calls it on its own tick (dev/README.md).
 */
export const sendScheduledAlerts = onSchedule({ schedule: 'every 1 minutes' }, async () => {
  await sendDueScheduled({
    db: adminDb(),
    now: Date.now,
    logger,
    unsent: async () => [
      ...(await childrenWhere(scheduledPaths.scheduledAlerts(), 'status', 'pending')),
      ...(await childrenWhere(scheduledPaths.scheduledAlerts(), 'status', 'sending')),
    ],
  });
});
