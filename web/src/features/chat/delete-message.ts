import type { ChatMessage } from '@contracts/realtime';
import { uploadIdsOf } from './message';

export interface DeleteMessageDeps {
  /** Removes `groups/{gid}/groupChat/{messageID}`. */
  removeMessage(messageId: string): Promise<void>;
  /** DELETE /chats/{id}. */
  removeUpload(id: number): Promise<void>;
}

/**
 * SPEC section 4: the message leaves the database first (everyone stops seeing it), then its
 * uploaded file and cover are deleted upstream. Resolves with how many of those could not be.
 */
export async function deleteMessage(
  message: ChatMessage,
  deps: DeleteMessageDeps,
): Promise<{ filesLeft: number }> {
  await deps.removeMessage(message.messageID);
  const results = await Promise.allSettled(
    uploadIdsOf(message).map((id) => deps.removeUpload(Number(id))),
  );
  return { filesLeft: results.filter((result) => result.status === 'rejected').length };
}
