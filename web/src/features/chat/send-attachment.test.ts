import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import type { ChatUpload } from '@contracts/upstream/upstream';
import { attachmentMessage, type Sender } from './message';
import { AttachmentError, sendAttachment, type AttachmentDeps } from './send-attachment';
import { VideoRefused, checkDuration } from './video-cover';

const sender: Sender = { uid: '1', name: 'Fuel Admin', userType: 'admin' };

function upload(id: number, name: string): ChatUpload {
  return { id, file: { original_url: `/api/files/storage/${id}/${name}` } };
}

function deps(overrides: Partial<AttachmentDeps> = {}) {
  const written: ChatMessage[] = [];
  let next = 40;
  const all = {
    upload: vi.fn(async (_blob: Blob, name: string, onProgress: (f: number) => void) => {
      onProgress(1);
      next += 1;
      return upload(next, name);
    }),
    removeUpload: vi.fn(async () => {}),
    readCover: vi.fn(async () => ({ cover: new Blob(['jpeg'], { type: 'image/jpeg' }) })),
    write: vi.fn(async (build: (id: string) => ChatMessage) => {
      written.push(build('-Nmsg'));
    }),
    origin: 'https://admin.example.com',
    ...overrides,
  } satisfies AttachmentDeps;
  return { deps: all, written };
}

const build =
  (kind: 'file' | 'image' | 'video') =>
  (
    messageId: string,
    file: Parameters<typeof attachmentMessage>[2],
    cover?: Parameters<typeof attachmentMessage>[3],
  ) =>
    attachmentMessage({ sender, groupId: '7', messageId }, kind, file, cover);

describe('sending an attachment', () => {
  it('uploads a video cover first, then the video, then writes one message with both', async () => {
    const { deps: d, written } = deps();
    const progress: number[] = [];
    const video = new File(['mp4'], 'drive.mp4', { type: 'video/mp4' });
    await sendAttachment('video', video, build('video'), d, (f) => progress.push(f));
    expect(vi.mocked(d.upload).mock.calls.map((call) => call[1])).toEqual([
      'drive-cover.jpg',
      'drive.mp4',
    ]);
    expect(written).toEqual([
      expect.objectContaining({
        type: 'video',
        url: 'https://admin.example.com/api/files/storage/42/drive.mp4',
        thumbnail: 'https://admin.example.com/api/files/storage/41/drive-cover.jpg',
        deleteAbleId: '42',
        thumbnailID: '41',
        messageID: '-Nmsg',
      }),
    ]);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((value, at) => at === 0 || value >= (progress[at - 1] ?? 0))).toBe(true);
  });

  it('refuses a wrong type before uploading anything', async () => {
    const { deps: d } = deps();
    const error = await sendAttachment(
      'image',
      new File(['x'], 'anim.gif'),
      build('image'),
      d,
      () => {},
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttachmentError);
    expect((error as AttachmentError).problem).toBe('type');
    expect(d.upload).not.toHaveBeenCalled();
  });

  it('refuses a video shorter than 1.5 s, uploading nothing', async () => {
    const { deps: d } = deps({
      readCover: vi.fn(async () => {
        throw new VideoRefused('too-short', 1);
      }),
    });
    const error = await sendAttachment(
      'video',
      new File(['x'], 'short.mp4'),
      build('video'),
      d,
      () => {},
    ).catch((e: unknown) => e);
    expect((error as AttachmentError).problem).toBe('too-short');
    expect(d.upload).not.toHaveBeenCalled();
  });

  it('deletes the uploaded cover again when the video upload fails', async () => {
    let calls = 0;
    const { deps: d, written } = deps({
      upload: vi.fn(async (_blob: Blob, name: string) => {
        calls += 1;
        if (calls === 2) throw new Error('network');
        return upload(50, name);
      }),
    });
    const error = await sendAttachment(
      'video',
      new File(['x'], 'drive.mp4'),
      build('video'),
      d,
      () => {},
    ).catch((e: unknown) => e);
    expect((error as AttachmentError).problem).toBe('upload');
    expect(d.removeUpload).toHaveBeenCalledWith(50);
    expect(written).toEqual([]);
  });

  it('deletes the uploads when the message cannot be written', async () => {
    const { deps: d } = deps({
      write: vi.fn(async () => {
        throw new Error('PERMISSION_DENIED');
      }),
    });
    const error = await sendAttachment(
      'file',
      new File(['%PDF'], 'report.pdf'),
      build('file'),
      d,
      () => {},
    ).catch((e: unknown) => e);
    expect((error as AttachmentError).problem).toBe('write');
    expect(d.removeUpload).toHaveBeenCalledWith(41);
  });
});

describe('a video duration', () => {
  it('must be at least 1.5 seconds', () => {
    expect(() => checkDuration(1.49)).toThrow(VideoRefused);
    expect(() => checkDuration(1.5)).not.toThrow();
    expect(() => checkDuration(Number.NaN)).toThrow('unreadable');
    expect(() => checkDuration(Infinity)).toThrow('unreadable');
  });
});
