import * as z from 'zod/mini';
import { chatUploadSchema } from '@contracts/upstream';
import type { ApiClient } from '@/lib/api/api-client';

/** POST /chats: multipart `file`, with upload progress (0..1). */
export async function uploadChatFile(
  api: ApiClient,
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
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
  return reply.payload;
}

/** DELETE /chats/{id}: the stored file goes, and its URL answers 404 from then on. */
export async function deleteChatFile(api: ApiClient, id: number): Promise<void> {
  await api.send({ method: 'DELETE', path: `/chats/${id}`, payload: z.unknown() });
}
