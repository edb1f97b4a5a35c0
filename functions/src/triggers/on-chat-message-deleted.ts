import { onValueDeleted } from 'firebase-functions/v2/database';
import { adminDb } from '../adapters/firebase.js';
import { chatMessageSchema } from '../contracts/index.js';
import { countChatMessage } from '../handlers/chat-count.js';
import { indexChatUploads } from '../handlers/chat-uploads.js';
import { claimDeps, pushTriggerOptions } from './push-options.js';

/**
 * A deleted chat message no longer names its uploads, whoever deleted it, and leaves its group's
 * count. Retried like the pushes: a count claimed by another invocation waits for it.
 */
export const onChatMessageDeleted = onValueDeleted(
  { ref: '/groups/{groupId}/groupChat/{messageId}', ...pushTriggerOptions },
  async (event) => {
    const { groupId, messageId } = event.params;
    const message = chatMessageSchema.safeParse(event.data.val());
    if (!message.success) return;
    const db = adminDb();
    await indexChatUploads({ groupId, messageId, message: message.data }, null, db);
    await countChatMessage({ groupId, messageId, change: 'deleted' }, { db, ...claimDeps() });
  },
);
