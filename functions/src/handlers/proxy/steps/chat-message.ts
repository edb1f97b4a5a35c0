import { jsonReply, failureReply, MESSAGES, type ProxyReply } from '../../upstream/index.js';
import { completeAuditEntry } from '../../audit/index.js';
import { deleteChatMessage } from '../../chat/index.js';
import type { Needed } from '../../roles/index.js';
import { changingAdminOf, permittedCaller } from '../callers.js';
import { succeeded, upstreamJson } from '../own-calls.js';
import { openEntryOrRefuse, single } from '../failures.js';
import type { Call, TargetOf } from '../types.js';

/**
 * `DELETE /api/group-chat/{groupId}/messages/{messageId}` of an admin: the message goes, and
 * upstream only the uploads that are its own (`deleteChatMessage`), with the admin's token.
 */
export async function removeChatMessage(
  target: TargetOf<'chat-message'>,
  { request, deps }: Call,
): Promise<ProxyReply> {
  const authorization = single(request.headers.authorization);
  const needed: Needed = { kind: 'permission', permission: 'chat.write' };
  const admin =
    (await permittedCaller(needed, request, deps)) ?? (await changingAdminOf(request, deps));
  if ('reply' in admin) return admin.reply;
  if (deps.mirror === undefined) return failureReply(503, MESSAGES.databaseUnavailable);
  const { groupId, messageId } = target;
  const entry = {
    ...admin,
    action: 'chat.delete' as const,
    targets: { group: groupId, message: messageId },
    summary: `Deleted a chat message in group ${groupId}`,
  };
  // As for every change: recorded before anything is deleted, or not done at all.
  const opened = deps.audit ? await openEntryOrRefuse(entry, deps.audit) : undefined;
  if (opened && 'reply' in opened) return opened.reply;
  const outcome = await deleteChatMessage(target, {
    db: deps.mirror.db,
    logger: deps.logger,
    deleteUpload: async (id) => {
      const reply = await upstreamJson('DELETE', `/chats/${id}`, authorization as string, deps);
      if (!succeeded(reply)) throw new Error(`The upstream did not delete upload ${id}`);
    },
  });
  const reply =
    outcome === null
      ? failureReply(404, MESSAGES.messageNotFound)
      : jsonReply(200, { metadata: { success: 1, message: '' }, payload: outcome });
  if (deps.audit && opened) {
    await completeAuditEntry(opened, { ...entry, status: reply.status }, deps.audit);
  }
  return reply;
}
