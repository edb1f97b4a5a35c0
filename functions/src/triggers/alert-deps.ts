import { alertPorts, chunkQueue, logger } from '../adapters/firebase.js';
import type { AlertPushDeps } from '../handlers/push/index.js';
import { pushChunkUsers } from '../params.js';
import { claimDeps } from './push-options.js';
import { upstreamFileBases } from './upstream-files.js';

/** The ports of an invocation that pushes an alert, or a chunk of one. */
export const alertPushDeps = (): AlertPushDeps => ({
  ...alertPorts(),
  logger,
  fileBases: upstreamFileBases(),
  chunkUsers: pushChunkUsers.value(),
  queue: chunkQueue(),
  ...claimDeps(),
});
