import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import { withMirroredNames } from './mirrored-names';

const message = (fields: Partial<ChatMessage>): ChatMessage => ({
  senderUID: '12',
  receiverUID: '7',
  message: 'Hi',
  url: '',
  type: 'message',
  thumbnail: '',
  filetype: '',
  filename: '',
  userType: 'user',
  messageID: 'm1',
  senderUserName: 'Boss (Admin)',
  deleteAbleId: '',
  thumbnailID: '',
  timeStamp: 1,
  ...fields,
});

describe('senders named by the user mirror', () => {
  it('names an app user as the mirror does, whatever their message claims', () => {
    const [shown] = withMirroredNames([message({})], new Map([['12', 'Olivia Martinez']]));
    expect(shown?.senderUserName).toBe('Olivia Martinez');
  });

  it('keeps the message’s own name where the mirror has none, and an admin’s always', () => {
    const admin = message({ senderUID: '1', userType: 'admin', senderUserName: 'Fuel Admin' });
    const unknown = message({ senderUID: '99' });
    const shown = withMirroredNames([admin, unknown], new Map([['1', 'Someone else']]));
    expect(shown[0]).toBe(admin);
    expect(shown[1]).toBe(unknown);
  });
});
