import { describe, expect, it } from 'vitest';
import { offlineFirebase } from '@/testing/fakes';
import { silentLogger } from './logger';
import { readIncomingPush, requestDeviceToken } from './push';

describe('push', () => {
  it('gives an empty device token when no VAPID key is configured, without waiting', async () => {
    const request = requestDeviceToken(
      { firebase: offlineFirebase(), vapidKey: undefined, logger: silentLogger },
      3000,
    );
    await expect(request.soon).resolves.toBe('');
    await expect(request.eventually).resolves.toBe('');
  });

  it('reads the title and text of a foreground message', () => {
    expect(readIncomingPush({ notification: { title: 'Hi', body: 'New message' } })).toEqual({
      title: 'Hi',
      body: 'New message',
    });
    expect(readIncomingPush({ data: { title: 'From data', body: 'Body' } })).toEqual({
      title: 'From data',
      body: 'Body',
    });
    expect(readIncomingPush({ data: {} })).toBeNull();
    expect(readIncomingPush('garbage')).toBeNull();
  });
});
