import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as firebaseSession from '@/lib/firebase-session';
import { silentLogger } from '@/lib/logger';
import { createSessionStore } from '@/lib/session';
import { memoryStorage, offlineFirebase } from '@/testing/fakes';
import { startSession } from './sign-in';

const calls = vi.hoisted(() => ({
  signIn: vi.fn<(firebase: unknown, token: string) => Promise<void>>(),
  write: vi.fn<(firebase: unknown, entry: { deviceToken: string; id: string }) => Promise<void>>(),
}));

vi.mock('@/lib/firebase-session', async (original) => ({
  ...(await original<typeof firebaseSession>()),
  signInToFirebase: calls.signIn,
  writeAdminEntry: calls.write,
}));

const payload = {
  user: { id: 4, name: 'Ada', email: 'a@x.test', role: ['admin'], device_ids: [], image: null },
  token: 'api-token',
  firebaseToken: 'custom-token',
};

function deps() {
  const session = createSessionStore(memoryStorage(), null);
  const onRealtimeUnavailable = vi.fn();
  return {
    session,
    onRealtimeUnavailable,
    value: {
      session,
      firebase: offlineFirebase(),
      logger: silentLogger,
      now: () => 1_700_000_000_000,
      onRealtimeUnavailable,
    },
  };
}

beforeEach(() => {
  calls.signIn.mockReset();
  calls.write.mockReset();
});

describe('starting a session', () => {
  it('stores the session, signs in to Firebase and writes the admin entry with the push token', async () => {
    calls.signIn.mockResolvedValue();
    calls.write.mockResolvedValue();
    const { session, value } = deps();
    await startSession(value, payload, 'push-1', Promise.resolve('push-1'));
    expect(session.get()).toMatchObject({
      token: 'api-token',
      user: { id: 4, deviceToken: 'push-1' },
    });
    expect(calls.signIn).toHaveBeenCalledWith(value.firebase, 'custom-token');
    expect(calls.write).toHaveBeenCalledTimes(1);
    expect(calls.write.mock.calls[0]?.[1]).toEqual({
      id: '4',
      name: 'Ada',
      email: 'a@x.test',
      image: '',
      deviceToken: 'push-1',
      lastLogin: 1_700_000_000_000,
    });
  });

  it('writes the entry again when the push token arrives after the login', async () => {
    calls.signIn.mockResolvedValue();
    calls.write.mockResolvedValue();
    const { session, value } = deps();
    await startSession(value, payload, '', Promise.resolve('late-token'));
    expect(calls.write.mock.calls.map((call) => call[1].deviceToken)).toEqual(['', 'late-token']);
    expect(session.get()?.user.deviceToken).toBe('late-token');
  });

  it('keeps the session and says so when Firebase cannot be reached', async () => {
    calls.signIn.mockRejectedValue(new Error('offline'));
    const { session, value, onRealtimeUnavailable } = deps();
    await startSession(value, payload, '', Promise.resolve(''));
    expect(session.get()?.token).toBe('api-token');
    expect(onRealtimeUnavailable).toHaveBeenCalledTimes(1);
  });
});
