import { describe, expect, it } from 'vitest';
import { alertSchema, chatMessageSchema, deviceSlots, fcmTokenSchema } from './realtime.js';
import { alertFields, chatMessage } from '../testing/records.js';

describe('device tokens', () => {
  it('take FCM registration tokens: its alphabet, at most 512 characters', () => {
    const real = `dQw4w9WgXcQ:APA91bH${'a1_-'.repeat(35)}`;
    expect(fcmTokenSchema.safeParse(real).success).toBe(true);
    expect(fcmTokenSchema.safeParse('x'.repeat(512)).success).toBe(true);
    for (const junk of ['', 'x'.repeat(513), 'has space', 'a/b', 'ümlaut', 'a.b'])
      expect(fcmTokenSchema.safeParse(junk).success, junk).toBe(false);
  });

  it('live in ten slots a user can name, 0 to 9', () => {
    expect(deviceSlots).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });
});

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

describe('alerts', () => {
  const base = alertFields;

  it('go to one user, a group or everyone, each named by its own id field', () => {
    expect(alertSchema.parse({ ...base, target: 'all' })).toEqual({ ...base, target: 'all' });
    expect(alertSchema.parse({ ...base, target: 'user', userId: '2' })).toMatchObject({
      title: 'Price drop',
      userId: '2',
    });
    expect(alertSchema.parse({ ...base, target: 'group', groupId: '7' })).toMatchObject({
      description: 'Diesel is cheaper today',
      groupId: '7',
    });
    for (const bad of [
      { ...base, target: 'user' },
      { ...base, target: 'group' },
      { ...base, target: 'group', userId: '2' },
      { ...base, target: 'someone' },
      base,
    ])
      expect(alertSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('need a title and a description with more than blanks, trimmed', () => {
    const alert = { ...base, target: 'all' };
    expect(alertSchema.parse({ ...alert, title: '  Price drop ' }).title).toBe('Price drop');
    expect(alertSchema.parse({ ...alert, description: ' Cheaper ' }).description).toBe('Cheaper');
    expect(alertSchema.safeParse({ ...alert, title: 'x'.repeat(100) }).success).toBe(true);
    expect(alertSchema.safeParse({ ...alert, description: 'x'.repeat(1000) }).success).toBe(true);
    for (const bad of [
      { ...alert, title: '   ' },
      { ...alert, description: '' },
      { ...alert, title: 'x'.repeat(101) },
      { ...alert, description: 'x'.repeat(1001) },
    ])
      expect(alertSchema.safeParse(bad).success).toBe(false);
  });
});
