import { onValueDeleted } from 'firebase-functions/v2/database';
import { adminDb, logger } from '../adapters/firebase.js';
import { eventWriter, onAlertDeleted as handle } from '../handlers/database-events.js';
import { claimDeps, pushTriggerOptions } from './push-options.js';

/**
 * A deleted alert leaves the history's count, whoever deleted it, and goes in the audit log.
 * Retried like the pushes: a count claimed by another invocation waits for it.
 */
export const onAlertDeleted = onValueDeleted(
  { ref: '/notificationsAlert/{alertId}', ...pushTriggerOptions },
  async (event) => {
    const db = adminDb();
    await handle(
      { alertId: event.params.alertId, value: event.data.val(), authId: eventWriter(event) },
      { db, auditDb: db, logger, ...claimDeps() },
    );
  },
);
