import { onValueCreated } from 'firebase-functions/v2/database';
import { adminDb, logger, pushSender } from '../adapters/firebase.js';
import { chatMessageSchema } from '../contracts/index.js';
import { countChatMessage } from '../handlers/chat-count.js';
import { sendChatPush } from '../handlers/chat-push.js';
import { indexChatUploads } from '../handlers/chat-uploads.js';
import { claimDeps, pushTriggerOptions } from './push-options.js';

export const onChatMessageCreated = onValueCreated(
  { ref: '/groups/{groupId}/groupChat/{messageId}', ...pushTriggerOptions },
  async (event) => {
    const { groupId, messageId } = event.params;
    const message = chatMessageSchema.safeParse(event.data.val());
    if (!message.success) {
      logger.warn('A chat message that is not a chat message was not pushed', {
        groupId,
        messageId,
        issues: message.error.issues,
      });
      return;
    }
    const db = adminDb();
    const claims = claimDeps();
    await indexChatUploads({ groupId, messageId, message: message.data }, true, db);
    // Counted before the push, which may take long or fail and be retried.
    await countChatMessage({ groupId, messageId, change: 'created' }, { db, ...claims });
    await sendChatPush(
      { groupId, messageId, message: message.data },
      { db, sender: pushSender(db), logger, ...claims },
    );
  },
);
