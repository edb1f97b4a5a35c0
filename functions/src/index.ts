// The deployed functions; each exported name is the deployed name.
export { api } from './http/api.js';
export { onAlertCreated } from './triggers/on-alert-created.js';
export { onAlertDeleted } from './triggers/on-alert-deleted.js';
export { onChatMessageCreated } from './triggers/on-chat-message-created.js';
export { onChatMessageDeleted } from './triggers/on-chat-message-deleted.js';
export { onScheduledAlertWritten } from './triggers/on-scheduled-alert-written.js';
export { pushAlertChunk } from './triggers/on-alert-chunk.js';
export { sendScheduledAlerts } from './triggers/scheduled/on-schedule-alerts.js';
export { sweepSessions } from './triggers/scheduled/on-sweep-sessions.js';
export { expireChangeRequests } from './triggers/scheduled/on-expire-changes.js';
export { remindPriceDeadline } from './triggers/scheduled/on-price-deadline.js';
