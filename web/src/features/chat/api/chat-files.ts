import * as z from 'zod/mini';
import { chatUploadSchema, type ChatUpload } from '@contracts/upstream/upstream';
import { upstreamInt } from '@contracts/upstream/upstream-values';
import { ApiError, type ApiClient } from '@/lib/api/api-client';

const uploadIdSchema = z.object({ id: upstreamInt });

/**
 * POST /chats: multipart `file`, with upload progress (0..1). A stored upload whose reply
 * holds no address we can read is deleted again, then reported as failed: no file is left
 * upstream that no message points to.
 */
export async function uploadChatFile(
  api: ApiClient,
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ChatUpload> {
  const body = new FormData();
  body.append('file', file, name);
  const reply = await api.upload({
    path: '/chats',
    body,
    payload: chatUploadSchema,
    signal,
    onProgress: (progress) => {
      if (progress.fraction !== undefined) onProgress(progress.fraction);
    },
  });
  if (reply.payload) return reply.payload;
  const orphan = uploadIdSchema.safeParse(reply.raw);
  // A failed clean-up is logged by the client; the upload's own failure is what the admin reads.
  if (orphan.success) await deleteChatFile(api, orphan.data.id).catch(() => undefined);
  throw new ApiError('invalid-reply', []);
}

/** DELETE /chats/{id}: the stored file goes, and its URL answers 404 from then on. */
export async function deleteChatFile(api: ApiClient, id: number): Promise<void> {
  await api.write({ method: 'DELETE', path: `/chats/${id}`, payload: z.unknown() });
}
