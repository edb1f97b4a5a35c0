import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminEntry } from '@contracts/admins/admin-sessions';
import { memoryStorage, offlineFirebase, adminUser } from '@/testing/fakes';
import { keepAdminEntry } from './admin-entry';
import type { FirebaseRuntime } from '../firebase/runtime';
import type * as firebaseSession from '../firebase/session';
import { silentLogger } from '../logger';
import { createRealtimeSessionStore } from '../realtime/session';
import { createSessionStore } from './session';

const calls = vi.hoisted(() => ({
  read: vi.fn<(firebase: unknown, uid: string) => Promise<firebaseSession.AdminEntries>>(),
  update: vi.fn<(firebase: unknown, values: Record<string, unknown>) => Promise<void>>(),
}));

vi.mock('../firebase/session', async (original) => ({
  ...(await original<typeof firebaseSession>()),
  readAdminEntries: calls.read,
  updateAdminEntries: calls.update,
}));

const NOW = 1_700_000_000_000;
const PROFILE_TOKEN = 'emulator-web-profile-1';

/** Firebase configured for the local stack, so the browser's token is the profile's stand-in. */
const emulated: FirebaseRuntime = {
  ...offlineFirebase(),
  config: () =>
    Promise.resolve({
      firebase: { apiKey: 'demo', projectId: 'demo-fuel' },
      emulators: { database: { host: '127.0.0.1', port: 9000 } },
    }),
};

function entry(fields: Partial<AdminEntry> = {}): AdminEntry {
  return {
    id: '1',
    name: adminUser.name,
    email: adminUser.email,
    image: '',
    deviceToken: PROFILE_TOKEN,
    lastLogin: 5,
    ...fields,
  };
}

/** A session restored by a page load, its Firebase session already back unless `connecting`. */
function setup({ storedToken = '', firebase = emulated, connecting = false } = {}) {
  const session = createSessionStore(memoryStorage(), null);
  session.start('api-token', { ...adminUser, deviceToken: storedToken });
  const realtimeSession = createRealtimeSessionStore();
  if (!connecting) realtimeSession.set({ status: 'connected' });
  const deps = {
    firebase,
    session,
    realtimeSession,
    push: {
      firebase,
      vapidKey: undefined,
      logger: silentLogger,
      emulatorDeviceId: () => Promise.resolve(PROFILE_TOKEN),
    },
    logger: silentLogger,
    now: () => NOW,
  };
  return { deps, session, realtimeSession };
}

beforeEach(() => {
  calls.read.mockReset();
  calls.update.mockReset().mockResolvedValue();
});

describe("keeping the admin's realtime entries at app start", () => {
  it("writes both entries when a page load lost the sign-in's write", async () => {
    calls.read.mockResolvedValue({ own: null, lastSignedInId: '9' });
    const { deps, session } = setup();
    await keepAdminEntry(deps, new AbortController().signal);
    const written = entry({ lastLogin: NOW });
    expect(calls.read).toHaveBeenCalledWith(emulated, '1');
    expect(calls.update.mock.calls.map((call) => call[1])).toEqual([
      { admin: written, 'admins/1': written },
    ]);
    expect(session.get()?.user.deviceToken).toBe(PROFILE_TOKEN);
  });

  it("writes nothing when the admin's own entry holds the browser's token", async () => {
    calls.read.mockResolvedValue({ own: entry(), lastSignedInId: '9' });
    const { deps } = setup({ storedToken: PROFILE_TOKEN });
    await keepAdminEntry(deps, new AbortController().signal);
    expect(calls.update).not.toHaveBeenCalled();
  });

  it('puts a replaced token in the own entry, and in `admin` while it names this admin', async () => {
    calls.read.mockResolvedValue({ own: entry({ deviceToken: 'old' }), lastSignedInId: '1' });
    await keepAdminEntry(setup({ storedToken: 'old' }).deps, new AbortController().signal);
    calls.read.mockResolvedValue({ own: entry({ deviceToken: 'old' }), lastSignedInId: '9' });
    await keepAdminEntry(setup({ storedToken: 'old' }).deps, new AbortController().signal);
    expect(calls.update.mock.calls.map((call) => call[1])).toEqual([
      { 'admins/1/deviceToken': PROFILE_TOKEN, 'admin/deviceToken': PROFILE_TOKEN },
      { 'admins/1/deviceToken': PROFILE_TOKEN },
    ]);
  });

  it('keeps the token the sign-in stored when the browser gives none now', async () => {
    calls.read.mockResolvedValue({ own: null, lastSignedInId: null });
    const { deps } = setup({ storedToken: 'signed-in-token', firebase: offlineFirebase() });
    await keepAdminEntry(deps, new AbortController().signal);
    expect(calls.update.mock.calls[0]?.[1]).toMatchObject({
      'admins/1': { deviceToken: 'signed-in-token' },
    });
  });

  it('waits for the Firebase session, and writes nothing once the admin has signed out', async () => {
    calls.read.mockResolvedValue({ own: null, lastSignedInId: null });
    const waiting = setup({ connecting: true });
    const done = keepAdminEntry(waiting.deps, new AbortController().signal);
    await Promise.resolve();
    expect(calls.read).not.toHaveBeenCalled();
    waiting.realtimeSession.set({ status: 'connected' });
    await done;
    expect(calls.update).toHaveBeenCalledTimes(1);

    const leaving = setup({ connecting: true });
    const controller = new AbortController();
    const ended = keepAdminEntry(leaving.deps, controller.signal);
    controller.abort();
    leaving.realtimeSession.set({ status: 'connecting' });
    await ended;
    expect(calls.update).toHaveBeenCalledTimes(1);
  });

  it('logs a failed write and leaves the session as it was', async () => {
    calls.read.mockResolvedValue({ own: null, lastSignedInId: null });
    calls.update.mockRejectedValue(new Error('permission_denied'));
    const warn = vi.fn();
    const { deps, session } = setup({ storedToken: 'old' });
    await keepAdminEntry(
      { ...deps, logger: { ...silentLogger, warn } },
      new AbortController().signal,
    );
    expect(warn).toHaveBeenCalledWith('Could not keep the admin entry', expect.any(Error));
    expect(session.get()?.user.deviceToken).toBe('old');
  });
});
