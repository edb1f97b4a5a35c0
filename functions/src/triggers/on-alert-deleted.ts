import { onValueDeleted } from 'firebase-functions/v2/database';
import { adminDb } from '../adapters/firebase.js';
import { countAlert } from '../handlers/counts/index.js';
import { claimDeps, pushTriggerOptions } from './push-options.js';

/**
 * A deleted alert leaves the history's count, whoever deleted it. Retried like the pushes: a
 * count claimed by another invocation waits for it.
 */
export const onAlertDeleted = onValueDeleted(
  { ref: '/notificationsAlert/{alertId}', ...pushTriggerOptions },
  async (event) => {
    await countAlert(
      { alertId: event.params.alertId, change: 'deleted' },
      {
        db: adminDb(),
        ...claimDeps(),
      },
    );
  },
);
