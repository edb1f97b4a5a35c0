import { onValueWritten } from 'firebase-functions/v2/database';
import { adminDb, logger } from '../adapters/firebase.js';
import { eventWriter, onScheduledAlertWritten as handle } from '../handlers/database-events.js';
import { pushTriggerOptions } from './push-options.js';

/** An admin's change to a scheduled send (created, changed, cancelled) goes in the audit log. */
export const onScheduledAlertWritten = onValueWritten(
  { ref: '/scheduledAlerts/{scheduledId}', ...pushTriggerOptions },
  async (event) => {
    await handle(
      {
        scheduledId: event.params.scheduledId,
        eventId: event.id,
        at: Date.parse(event.time),
        before: event.data.before.val(),
        after: event.data.after.val(),
        authId: eventWriter(event),
      },
      { db: adminDb(), logger },
    );
  },
);
