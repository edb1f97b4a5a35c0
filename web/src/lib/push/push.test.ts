import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { grantPush, offlineFirebase } from '@/testing/fakes';
import { silentLogger } from '../logger';
import type { FirebaseRuntime } from '../firebase/runtime';
import { currentDeviceToken, readIncomingPush, requestDeviceToken } from './push';

/** The stand-in a browser profile would have against the emulators. */
const emulatorDeviceId = vi.fn(() => Promise.resolve('emulator-web-profile-1'));

/** Firebase configured for the local stack, as /emulators.json says. */
function emulatedFirebase(): FirebaseRuntime {
  return {
    ...offlineFirebase(),
    config: () =>
      Promise.resolve({
        firebase: { apiKey: 'demo', projectId: 'demo-fuel' },
        emulators: { auth: 'http://127.0.0.1:9099', database: { host: '127.0.0.1', port: 9000 } },
      }),
  };
}

describe('push against the emulators', () => {
  it("gives the browser profile's stand-in token at sign-in and later, asking nothing", async () => {
    const requestPermission = vi.fn();
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    try {
      const deps = {
        firebase: emulatedFirebase(),
        vapidKey: undefined,
        logger: silentLogger,
        emulatorDeviceId,
      };
      const request = requestDeviceToken(deps, 3000);
      await expect(request.soon).resolves.toBe('emulator-web-profile-1');
      await expect(request.eventually).resolves.toBe('emulator-web-profile-1');
      await expect(currentDeviceToken(deps)).resolves.toBe('emulator-web-profile-1');
      expect(requestPermission).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives no stand-in where no emulators are configured', async () => {
    const production: FirebaseRuntime = {
      ...offlineFirebase(),
      config: () =>
        Promise.resolve({ firebase: { apiKey: 'key', projectId: 'fuel' }, emulators: {} }),
    };
    const deps = {
      firebase: production,
      vapidKey: undefined,
      logger: silentLogger,
      emulatorDeviceId,
    };
    await expect(requestDeviceToken(deps, 3000).eventually).resolves.toBe('');
    await expect(currentDeviceToken(deps)).resolves.toBe('');
  });
});

describe('push', () => {
  it('gives an empty device token when no VAPID key is configured, without waiting', async () => {
    const request = requestDeviceToken(
      { firebase: offlineFirebase(), vapidKey: undefined, logger: silentLogger, emulatorDeviceId },
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

describe('asking for the device token where push is available', () => {
  let push: ReturnType<typeof grantPush>;
  beforeEach(() => {
    push = grantPush();
  });

  afterEach(() => {
    vi.useRealTimers();
    push.undo();
  });

  /** Firebase whose app and config come from `load` (messaging needs both). */
  function firebaseWhoseApp(load: () => Promise<never>): FirebaseRuntime {
    return { ...offlineFirebase(), app: load, config: load };
  }

  it("gives '' after 3000 ms when the token never comes", async () => {
    vi.useFakeTimers();
    const request = requestDeviceToken(
      {
        firebase: firebaseWhoseApp(() => new Promise<never>(() => {})),
        vapidKey: 'public-vapid-key',
        logger: silentLogger,
        emulatorDeviceId,
      },
      3000,
    );
    let soon: string | undefined;
    let eventually: string | undefined;
    void request.soon.then((token) => (soon = token));
    void request.eventually.then((token) => (eventually = token));
    await vi.advanceTimersByTimeAsync(2999);
    expect(soon).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(soon).toBe('');
    // The late token is still awaited for the realtime entry.
    expect(eventually).toBeUndefined();
  });

  it("gives '' at once, and no error, when asking for the token fails", async () => {
    const warn = vi.fn();
    const request = requestDeviceToken(
      {
        firebase: firebaseWhoseApp(() => Promise.reject(new Error('messaging/failed'))),
        vapidKey: 'public-vapid-key',
        logger: { ...silentLogger, warn },
        emulatorDeviceId,
      },
      3000,
    );
    await expect(request.soon).resolves.toBe('');
    await expect(request.eventually).resolves.toBe('');
    expect(warn).toHaveBeenCalledWith('No push token for this browser', expect.any(Error));
  });

  it("gives '' when the user refuses notifications", async () => {
    vi.stubGlobal('Notification', {
      permission: 'default',
      requestPermission: vi.fn(() => Promise.resolve('denied')),
    });
    const app = vi.fn(() => new Promise<never>(() => {}));
    const request = requestDeviceToken(
      {
        firebase: firebaseWhoseApp(app),
        vapidKey: 'public-vapid-key',
        logger: silentLogger,
        emulatorDeviceId,
      },
      3000,
    );
    await expect(request.eventually).resolves.toBe('');
    expect(app).not.toHaveBeenCalled();
  });
});
