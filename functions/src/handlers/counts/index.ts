// What the rest of the functions may use of this flow.
export { backfillAlertCount } from './alert-count-backfill.js';
export { countAlert } from './alert-count.js';
export { backfillChatCounts } from './chat-count-backfill.js';
export { countChatMessage } from './chat-count.js';
export type { CountDeps } from './counted-once.js';
