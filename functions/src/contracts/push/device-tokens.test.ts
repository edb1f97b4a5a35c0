import { describe, expect, it } from 'vitest';
import { deviceSlots, fcmTokenSchema } from './device-tokens.js';

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
