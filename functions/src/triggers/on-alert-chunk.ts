import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { onAlertChunkTask } from '../handlers/database-events.js';
import { alertPushDeps } from './alert-deps.js';
import { PUSH_TIMEOUT_SECONDS } from './push-options.js';

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
    await onAlertChunkTask(request.data, alertPushDeps());
  },
);
