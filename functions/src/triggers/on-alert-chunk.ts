import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { alertPorts, chunkQueue, logger } from '../adapters/firebase.js';
import { alertSchema, paths } from '../contracts/index.js';
import { alertChunkSchema, sendAlertChunk } from '../handlers/alert-push.js';
import { pushChunkUsers } from '../params.js';
import { claimDeps, PUSH_TIMEOUT_SECONDS } from './push-options.js';
import { upstreamOrigin } from './upstream-origin.js';

/**
 * A chunk of an alert to everyone, from the task queue. A task that fails (or whose chunk
 * another invocation still holds) is tried again with backoff; the chunk's claim keeps any
 * attempt from sending a device twice.
 */
export const pushAlertChunk = onTaskDispatched(
  {
    retryConfig: { maxAttempts: 20, minBackoffSeconds: 10, maxBackoffSeconds: 600 },
    rateLimits: { maxConcurrentDispatches: 10 },
    timeoutSeconds: PUSH_TIMEOUT_SECONDS,
  },
  async (request) => {
    const chunk = alertChunkSchema.safeParse(request.data);
    if (!chunk.success) {
      logger.error('A task that is not an alert chunk was dropped', { issues: chunk.error.issues });
      return;
    }
    const { alertId } = chunk.data;
    const { db, sender } = alertPorts();
    const alert = alertSchema.safeParse(await db.get(`${paths.alerts()}/${alertId}`));
    if (!alert.success) {
      logger.warn('The alert of a chunk is gone or not an alert; the chunk was not sent', {
        alertId,
      });
      return;
    }
    await sendAlertChunk(
      { ...chunk.data, alert: alert.data },
      {
        db,
        sender,
        logger,
        fileOrigin: upstreamOrigin(),
        chunkUsers: pushChunkUsers.value(),
        queue: chunkQueue(),
        ...claimDeps(),
      },
    );
  },
);
