import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient, type WriteReply } from '@/lib/api/api-client';
import { uploadChatFile } from './chat-files';

function apiAnswering(reply: WriteReply<unknown>) {
  const refuse = () => Promise.reject(new Error('not expected in this test'));
  const write = vi.fn(async () => ({ payload: undefined, raw: undefined, messages: [] }));
  const api = {
    request: refuse,
    send: refuse,
    upload: (async () => reply) as ApiClient['upload'],
    write: write as unknown as ApiClient['write'],
  } satisfies ApiClient;
  return { api, write };
}

describe('uploadChatFile', () => {
  it('reads the id and address, as numbers or numeric text', async () => {
    const raw = { id: '31', file: { original_url: '/storage/31/a.png' } };
    const { api } = apiAnswering({ payload: { id: 31, file: raw.file }, raw, messages: [] });
    await expect(uploadChatFile(api, new Blob(['a']), 'a.png', () => {})).resolves.toEqual({
      id: 31,
      file: { original_url: '/storage/31/a.png' },
    });
  });

  it('deletes a stored upload whose reply gives no address, then fails', async () => {
    const { api, write } = apiAnswering({ payload: undefined, raw: { id: 31 }, messages: [] });
    const upload = uploadChatFile(api, new Blob(['a']), 'a.png', () => {});
    await expect(upload).rejects.toBeInstanceOf(ApiError);
    expect(write).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'DELETE', path: '/chats/31' }),
    );
  });

  it('fails without a delete when the reply names no upload', async () => {
    const { api, write } = apiAnswering({ payload: undefined, raw: undefined, messages: [] });
    await expect(uploadChatFile(api, new Blob(['a']), 'a.png', () => {})).rejects.toMatchObject({
      kind: 'invalid-reply',
    });
    expect(write).not.toHaveBeenCalled();
  });
});
