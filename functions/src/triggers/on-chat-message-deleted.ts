import { onValueDeleted } from 'firebase-functions/v2/database';
import { adminDb } from '../adapters/firebase.js';
import { onChatMessageDeleted as handle } from '../handlers/database-events.js';
import { claimDeps, pushTriggerOptions } from './push-options.js';

/** Retried like the pushes: a count claimed by another invocation waits for it. */
export const onChatMessageDeleted = onValueDeleted(
  { ref: '/groups/{groupId}/groupChat/{messageId}', ...pushTriggerOptions },
  async (event) => {
    await handle({ ...event.params, value: event.data.val() }, { db: adminDb(), ...claimDeps() });
  },
);
