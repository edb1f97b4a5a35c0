import { onValueCreated } from 'firebase-functions/v2/database';
import { adminDb } from '../adapters/firebase.js';
import { eventWriter, onAlertCreated as handle } from '../handlers/database-events.js';
import { alertPushDeps } from './alert-deps.js';
import { pushTriggerOptions } from './push-options.js';

export const onAlertCreated = onValueCreated(
  { ref: '/notificationsAlert/{alertId}', ...pushTriggerOptions },
  async (event) => {
    await handle(
      {
        alertId: event.params.alertId,
        value: event.data.val(),
        authId: eventWriter(event),
      },
      { ...alertPushDeps(), auditDb: adminDb() },
    );
  },
);
