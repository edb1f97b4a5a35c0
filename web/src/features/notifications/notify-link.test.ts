import { describe, expect, it } from 'vitest';
import { notifiedUserId, notifyUserHref } from './notify-link';

describe('the notify-a-user link', () => {
  it('names the user by ID and reads it back', () => {
    expect(notifyUserHref(42)).toBe('/send-notification?notify=42');
    expect(notifiedUserId('42')).toBe(42);
  });

  it('refuses anything but a positive whole number', () => {
    for (const value of ['', '0', '-3', '4.5', '1e3', '42abc', ' 42', '01']) {
      expect(notifiedUserId(value)).toBeNull();
    }
  });
});
