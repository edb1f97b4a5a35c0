import { onValueCreated } from 'firebase-functions/v2/database';
import { adminDb, alertPorts, chunkQueue, logger } from '../adapters/firebase.js';
import { alertSchema } from '../contracts/index.js';
import { countAlert } from '../handlers/alert-count.js';
import { sendAlert } from '../handlers/alert-push.js';
import { recordAlert } from '../handlers/audit.js';
import { pushChunkUsers } from '../params.js';
import { claimDeps, pushTriggerOptions } from './push-options.js';
import { upstreamOrigin } from './upstream-origin.js';

export const onAlertCreated = onValueCreated(
  { ref: '/notificationsAlert/{alertId}', ...pushTriggerOptions },
  async (event) => {
    const { alertId } = event.params;
    const { db, sender } = alertPorts();
    const claims = claimDeps();
    // Every child is counted, pushed or not: the history pages by this count. Counted before
    // the push, which may take long or fail and be retried.
    await countAlert({ alertId, change: 'created' }, { db, ...claims });
    const alert = alertSchema.safeParse(event.data.val());
    if (!alert.success) {
      logger.warn('An alert that is not an alert was not pushed', {
        alertId,
        issues: alert.error.issues,
      });
      return;
    }
    // Recorded before the push, which may take long or fail and be retried.
    await recordAlert(
      {
        alertId,
        alert: alert.data,
        authId: event.authType === 'app_user' ? event.authId : undefined,
      },
      { db: adminDb(), now: Date.now, logger },
    );
    await sendAlert(
      { alertId, alert: alert.data },
      {
        db,
        sender,
        logger,
        fileOrigin: upstreamOrigin(),
        chunkUsers: pushChunkUsers.value(),
        queue: chunkQueue(),
        ...claims,
      },
    );
  },
);
