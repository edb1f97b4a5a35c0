import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  acceptFor,
  attachmentMessage,
  extensionOf,
  isAccepted,
  sendableText,
  textMessage,
  truncateFileName,
  uploadIdsOf,
  type Sender,
} from './message';

const admin: Sender = { uid: '1', name: 'Fuel Admin', userType: 'admin' };
const addressing = { sender: admin, groupId: '7', messageId: '-Nabc' };

describe('chat messages', () => {
  it('a text message carries exactly the fields the apps write, the unused ones empty', () => {
    const message = textMessage(addressing, 'Diesel is down');
    expect(message).toEqual({
      senderUID: '1',
      receiverUID: '7',
      message: 'Diesel is down',
      url: '',
      type: 'message',
      thumbnail: '',
      filetype: '',
      filename: '',
      userType: 'admin',
      messageID: '-Nabc',
      senderUserName: 'Fuel Admin',
      deleteAbleId: '',
      thumbnailID: '',
      timeStamp: 0,
    });
  });

  it('a video carries its file and its cover, with both upload ids', () => {
    const message = attachmentMessage(
      addressing,
      'video',
      {
        id: 41,
        url: 'https://app.test/api/files/storage/41/drive.mp4',
        name: 'drive.mp4',
        mimeType: 'video/mp4',
      },
      {
        id: 42,
        url: 'https://app.test/api/files/storage/42/drive-cover.jpg',
        name: 'drive-cover.jpg',
        mimeType: 'image/jpeg',
      },
    );
    expect(message).toMatchObject({
      type: 'video',
      url: 'https://app.test/api/files/storage/41/drive.mp4',
      thumbnail: 'https://app.test/api/files/storage/42/drive-cover.jpg',
      filename: 'drive.mp4',
      filetype: 'video/mp4',
      deleteAbleId: '41',
      thumbnailID: '42',
      message: '',
    });
    expect(uploadIdsOf(message)).toEqual(['41', '42']);
    expect(uploadIdsOf(textMessage(addressing, 'hi'))).toEqual([]);
  });

  it('ignores empty or blank text, and keeps inner new lines', () => {
    expect(sendableText('')).toBeUndefined();
    expect(sendableText('  \n\t ')).toBeUndefined();
    expect(sendableText('  first\nsecond  \n')).toBe('  first\nsecond');
  });

  it('accepts exactly the listed extensions for each upload kind', () => {
    expect(isAccepted('file', 'Report.XLSB')).toBe(true);
    expect(isAccepted('file', 'photo.png')).toBe(false);
    expect(isAccepted('image', 'photo.JPEG')).toBe(true);
    expect(isAccepted('image', 'anim.gif')).toBe(false);
    expect(isAccepted('video', 'clip.mp4')).toBe(true);
    expect(isAccepted('video', 'clip.mov')).toBe(false);
    expect(isAccepted('file', 'no-extension')).toBe(false);
    expect(extensionOf('.hidden')).toBe('');
    expect(acceptFor('image')).toBe('.png,.jpg,.jpeg');
  });

  it('cuts a file name at 20 characters', () => {
    expect(truncateFileName('monthly-fuel-price-report-2025.pdf')).toBe('monthly-fuel-price-r…');
    expect(truncateFileName('fuel.pdf')).toBe('fuel.pdf');
    expect(truncateFileName('12345678901234567890')).toBe('12345678901234567890');
  });

  it('stores upload URLs absolute, so the mobile apps can load them', () => {
    expect(absoluteUrl('/api/files/storage/4/a.png', 'https://admin.example.com')).toBe(
      'https://admin.example.com/api/files/storage/4/a.png',
    );
  });
});
