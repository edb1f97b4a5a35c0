import { chatMessagePath } from '@contracts/api';
import { chatMessageDeletePayloadSchema } from '@contracts/api-replies';
import type { ApiClient } from '@/lib/api/api-client';

/**
 * DELETE /api/group-chat/{groupId}/messages/{messageId}: the functions remove the message and
 * delete upstream only the uploads that are its own, saying why any other was kept.
 */
export async function deleteChatMessage(api: ApiClient, groupId: string, messageId: string) {
  const reply = await api.send({
    method: 'DELETE',
    path: chatMessagePath(groupId, messageId),
    payload: chatMessageDeletePayloadSchema,
  });
  return reply.payload;
}
