import { onSchedule } from 'firebase-functions/v2/scheduler';
import { adminDb, logger } from '../../adapters/firebase.js';
import { sweepAdminSessions } from '../../handlers/session/index.js';

/**
 * Every 15 minutes, the admin sessions that have lapsed are removed and the push tokens of admins
 * left with none are cleared. Locally the dev stack calls it on its own tick (dev/README.md).
 */
export const sweepSessions = onSchedule({ schedule: 'every 15 minutes' }, async () => {
  await sweepAdminSessions({ db: adminDb(), now: Date.now, logger });
});
