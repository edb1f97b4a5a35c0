import { onSchedule } from 'firebase-functions/v2/scheduler';
import { adminDb, logger } from '../../adapters/firebase.js';
import { expireChangeRequests as expire } from '../../handlers/changes/index.js';

/**
 * Every 15 minutes, the change requests nobody decided on in time are marked expired. Until
 * then one past its time already cannot be approved. Locally the dev stack calls it on its own
 * tick (dev/README.md).
 */
export const expireChangeRequests = onSchedule({ schedule: 'every 15 minutes' }, async () => {
  await expire({ db: adminDb(), now: Date.now, logger });
});
