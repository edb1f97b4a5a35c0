import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@contracts/realtime';
import { deleteMessage } from './delete-message';

const video: ChatMessage = {
  senderUID: '12',
  receiverUID: '7',
  message: '',
  url: 'https://admin.example.com/api/files/storage/42/drive.mp4',
  type: 'video',
  thumbnail: 'https://admin.example.com/api/files/storage/41/drive-cover.jpg',
  filetype: 'video/mp4',
  filename: 'drive.mp4',
  userType: 'user',
  messageID: '-Nvid',
  senderUserName: 'Olivia Martinez',
  deleteAbleId: '42',
  thumbnailID: '41',
  timeStamp: 1_700_000_000_000,
};

describe('deleting a message', () => {
  it('removes it from the database first, then its file and cover upstream', async () => {
    const steps: string[] = [];
    const result = await deleteMessage(video, {
      removeMessage: async (id) => void steps.push(`db ${id}`),
      removeUpload: async (id) => void steps.push(`upload ${id}`),
    });
    expect(steps).toEqual(['db -Nvid', 'upload 42', 'upload 41']);
    expect(result).toEqual({ filesLeft: 0 });
  });

  it('touches nothing upstream when the database refuses', async () => {
    const steps: string[] = [];
    await expect(
      deleteMessage(video, {
        removeMessage: async () => {
          throw new Error('PERMISSION_DENIED');
        },
        removeUpload: async (id) => void steps.push(`upload ${id}`),
      }),
    ).rejects.toThrow('PERMISSION_DENIED');
    expect(steps).toEqual([]);
  });

  it('counts the files that could not be deleted upstream', async () => {
    const result = await deleteMessage(video, {
      removeMessage: async () => {},
      removeUpload: async (id) => {
        if (id === 41) throw new Error('gone');
      },
    });
    expect(result).toEqual({ filesLeft: 1 });
  });
});
