import { onValueCreated } from 'firebase-functions/v2/database';
import { adminDb, logger, pushSender } from '../adapters/firebase.js';
import { onChatMessageCreated as handle } from '../handlers/database-events.js';
import { claimDeps, pushTriggerOptions } from './push-options.js';

export const onChatMessageCreated = onValueCreated(
  { ref: '/groups/{groupId}/groupChat/{messageId}', ...pushTriggerOptions },
  async (event) => {
    const db = adminDb();
    await handle(
      { ...event.params, value: event.data.val() },
      { db, sender: pushSender(db), logger, ...claimDeps() },
    );
  },
);
