import {
  chatMessageSchema,
  paths,
  type ChatMessage,
  type ChatMessageDeletePayload,
  uploadOf,
} from '../../contracts/index.js';
import type { Db, Logger } from '../ports.js';

/**
 * A chat message names its uploads by id (`deleteAbleId`, `thumbnailID`), and any member can
 * write any id there. Nothing upstream says who uploaded a file or where an upload id's file is
 * stored (its URL carries the stored file's own id, not the upload's), and members upload from
 * the mobile apps, not through the proxy, so ownership cannot be proven. What the functions can
 * know is which messages name which ids, and the file the first of them gave for each id: they
 * index every message as it is created and deleted, and a message's delete takes an upload with
 * it only when the message's own URL points at that file and no other message names the upload.
 */

const UPLOAD_ID = /^\d+$/;

/** The upstream path a file URL points at (`/storage/{id}/{name}`), or null for none. */
export function uploadPathOf(url: string): string | null {
  return uploadOf(url, 'http://relative.invalid')?.path ?? null;
}

/** The upload ids a message names, each with the URL of the message that should point at it. */
function namedUploads(message: ChatMessage): { id: string; url: string }[] {
  const named = [
    { id: message.deleteAbleId, url: message.url },
    { id: message.thumbnailID, url: message.thumbnail },
  ].filter(({ id }) => UPLOAD_ID.test(id));
  return named.filter(({ id }, index) => named.findIndex((other) => other.id === id) === index);
}

const entryKey = (groupId: string, messageId: string) => `${groupId}:${messageId}`;

/** Index writes for a message: `true` as it is created, `null` once it is gone. */
export function uploadIndexWrites(
  input: { groupId: string; messageId: string; message: ChatMessage },
  value: true | null,
): Record<string, true | null> {
  const key = entryKey(input.groupId, input.messageId);
  return Object.fromEntries(
    namedUploads(input.message).map(({ id }) => [`${paths.chatUploads(id)}/${key}`, value]),
  );
}

/**
 * Indexes a message as it is created (`true`) or deleted (`null`). On create, an upload named
 * for the first time also gets the path its URL points at: later messages must match it.
 */
export async function indexChatUploads(
  input: { groupId: string; messageId: string; message: ChatMessage },
  value: true | null,
  db: Db,
): Promise<void> {
  const writes: Record<string, unknown> = uploadIndexWrites(input, value);
  if (value === true) {
    for (const { id, url } of namedUploads(input.message)) {
      const path = uploadPathOf(url);
      if (path !== null && (await db.get(paths.chatUploadPath(id))) === null)
        writes[paths.chatUploadPath(id)] = path;
    }
  }
  if (Object.keys(writes).length > 0) await db.update(writes);
}

export interface ChatDeleteDeps {
  db: Db;
  logger: Logger;
  /** `DELETE /chats/{id}` upstream with the admin's credentials; rejects when it fails. */
  deleteUpload: (id: string) => Promise<void>;
}

/**
 * Removes groups/{groupId}/groupChat/{messageId}, then deletes upstream each upload it names
 * that is its own: its URL points at it and no other message names it. The others stay, with
 * the reason. Null when there is no such message.
 */
export async function deleteChatMessage(
  input: { groupId: string; messageId: string },
  deps: ChatDeleteDeps,
): Promise<ChatMessageDeletePayload | null> {
  const { groupId, messageId } = input;
  const path = `${paths.groupChat(groupId)}/${messageId}`;
  const stored = await deps.db.get(path);
  if (stored === null) return null;
  const message = chatMessageSchema.safeParse(stored);
  const uploads = message.success ? namedUploads(message.data) : [];
  // Its create trigger may not have run yet (triggers are delivered late, at least once): the
  // message is indexed here as it would have been, so its own first file counts.
  if (message.success)
    await indexChatUploads({ groupId, messageId, message: message.data }, true, deps.db);

  const payload: ChatMessageDeletePayload = { filesDeleted: [], filesKept: [] };
  const owned: string[] = [];
  for (const { id, url } of uploads) {
    const first = await deps.db.get(paths.chatUploadPath(id));
    if (uploadPathOf(url) !== first) payload.filesKept.push({ id, reason: 'not-its-own' });
    else if (await namedElsewhere(id, entryKey(groupId, messageId), deps.db))
      payload.filesKept.push({ id, reason: 'shared' });
    else owned.push(id);
  }

  await deps.db.update({
    [path]: null,
    ...(message.success
      ? uploadIndexWrites({ groupId, messageId, message: message.data }, null)
      : {}),
  });
  const results = await Promise.allSettled(owned.map((id) => deps.deleteUpload(id)));
  results.forEach((result, index) => {
    const id = owned[index] as string;
    if (result.status === 'fulfilled') payload.filesDeleted.push(id);
    else {
      payload.filesKept.push({ id, reason: 'failed' });
      deps.logger.warn('A chat upload could not be deleted upstream', {
        id,
        error: String(result.reason),
      });
    }
  });
  if (payload.filesKept.length > 0) {
    deps.logger.info('Chat message deleted, some of the files it names kept', {
      groupId,
      messageId,
      kept: payload.filesKept,
    });
  }
  return payload;
}

/** Whether a message other than `own` names the upload (two entries read at most). */
async function namedElsewhere(uploadId: string, own: string, db: Db): Promise<boolean> {
  const entries = await db.page(paths.chatUploads(uploadId), { limit: 2 });
  return entries.some(([key]) => key !== own);
}
