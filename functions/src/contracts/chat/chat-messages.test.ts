import { describe, expect, it } from 'vitest';
import { chatMessageSchema } from './chat-messages.js';
import { chatMessage } from '../../testing/records.js';

describe('chat messages', () => {
  const text = chatMessage();

  it('need a url for a file, image or video, and none for text', () => {
    expect(chatMessageSchema.safeParse(text).success).toBe(true);
    for (const type of ['image', 'file', 'video']) {
      const parsed = chatMessageSchema.safeParse({ ...text, type });
      expect(parsed.success, type).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.path)).toEqual([['url']]);
      expect(parsed.error?.issues[0]?.message).toMatch(/url/);
      expect(chatMessageSchema.safeParse({ ...text, type, url: '/api/files/x' }).success).toBe(
        true,
      );
    }
  });
});
