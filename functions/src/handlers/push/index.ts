// What the rest of the functions may use of this flow.
export { alertChunkSchema, sendAlert, sendAlertChunk } from './alert-push.js';
export type { AlertChunk, AlertPushDeps, ChunkQueue } from './alert-push.js';
export { audienceOf, serveAudience } from './audience.js';
export type { AudienceDeps } from './audience.js';
export { sendChatPush } from './chat-push.js';
export type { ClaimDeps } from './push-claims.js';
export { FCM_BATCH_SIZE, sendToRecipients } from './push.js';
export { adminDevices } from './recipients.js';
export type { PushDeps, PushMessage, PushSender, SendResult } from './push.js';
export { sendDueScheduled } from './scheduled-alerts.js';
export { RECORDED_DEAD_TOKEN_PREFIX, createFcmSender, createRecordingSender } from './senders.js';
export type { MessagingClient } from './senders.js';
export { SYNTHETIC_TOKENS_VAR, alertPushPorts } from './synthetic-push.js';
export { serveTestPush } from './test-push.js';
export type { TestPushDeps } from './test-push.js';
