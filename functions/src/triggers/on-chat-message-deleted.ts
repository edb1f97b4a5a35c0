import { onValueDeleted } from 'firebase-functions/v2/database';
import { adminDb } from '../adapters/firebase.js';
import { chatMessageSchema } from '../contracts/index.js';
import { indexChatUploads } from '../handlers/chat-uploads.js';

/** A deleted chat message no longer names its uploads, whoever deleted it. */
export const onChatMessageDeleted = onValueDeleted(
  '/groups/{groupId}/groupChat/{messageId}',
  async (event) => {
    const { groupId, messageId } = event.params;
    const message = chatMessageSchema.safeParse(event.data.val());
    if (message.success)
      await indexChatUploads({ groupId, messageId, message: message.data }, null, adminDb());
  },
);
