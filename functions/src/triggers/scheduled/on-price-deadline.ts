import { onSchedule } from 'firebase-functions/v2/scheduler';
import { adminDb, logger, pushSender } from '../../adapters/firebase.js';
import { remindPriceDeadline as remind } from '../../handlers/prices/index.js';

/**
 * Every 15 minutes: in the hour before tomorrow's prices are due, while rows are missing, the
 * admins who save prices get one web push. Locally the dev stack calls it on its own tick
 * (dev/README.md).
 */
export const remindPriceDeadline = onSchedule({ schedule: 'every 15 minutes' }, async () => {
  const db = adminDb();
  await remind({ db, now: Date.now, logger, sender: pushSender(db) });
});
