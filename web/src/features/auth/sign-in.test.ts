import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as firebaseSession from '@/lib/firebase/session';
import { silentLogger } from '@/lib/logger';
import { createRealtimeSessionStore } from '@/lib/realtime/session';
import { createSessionStore } from '@/lib/session/session';
import { memoryStorage, offlineFirebase } from '@/testing/fakes';
import { startSession } from './sign-in';

const calls = vi.hoisted(() => ({
  signIn: vi.fn<(firebase: unknown, token: string) => Promise<void>>(),
  write: vi.fn<(firebase: unknown, entry: { deviceToken: string; id: string }) => Promise<void>>(),
}));

vi.mock('@/lib/firebase/session', async (original) => ({
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
  const realtimeSession = createRealtimeSessionStore();
  const onRealtimeUnavailable = vi.fn();
  return {
    session,
    realtimeSession,
    onRealtimeUnavailable,
    value: {
      session,
      firebase: offlineFirebase(),
      realtimeSession,
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
    calls.signIn.mockRejectedValue(
      Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }),
    );
    const { session, realtimeSession, value, onRealtimeUnavailable } = deps();
    void startSession(value, payload, '', Promise.resolve(''));
    await vi.waitFor(() => expect(onRealtimeUnavailable).toHaveBeenCalledTimes(1));
    expect(session.get()?.token).toBe('api-token');
    expect(realtimeSession.get()).toEqual({ status: 'unavailable', reason: 'unreachable' });
  });

  it('starts the session without Firebase when the API could mint no token, and writes the admin entry once the session is back', async () => {
    calls.write.mockResolvedValue();
    const { session, realtimeSession, value, onRealtimeUnavailable } = deps();
    const { firebaseToken: _none, ...withoutToken } = payload;
    const started = startSession(
      value,
      { ...withoutToken, firebaseUnavailable: { reason: 'signing-refused' } },
      'push-1',
      Promise.resolve('push-1'),
    );
    await vi.waitFor(() => expect(onRealtimeUnavailable).toHaveBeenCalledTimes(1));
    expect(session.get()?.token).toBe('api-token');
    expect(realtimeSession.get()).toEqual({ status: 'unavailable', reason: 'signing-refused' });
    expect(calls.signIn).not.toHaveBeenCalled();
    expect(calls.write).not.toHaveBeenCalled();

    // The session keeper got the session back in the background.
    realtimeSession.set({ status: 'connected' });
    await started;
    expect(calls.write.mock.calls.map((call) => call[1].deviceToken)).toEqual(['push-1']);
  });

  it('writes no admin entry for a session that ended before Firebase came back', async () => {
    const { session, realtimeSession, value } = deps();
    const { firebaseToken: _none, ...withoutToken } = payload;
    const started = startSession(
      value,
      { ...withoutToken, firebaseUnavailable: { reason: 'unreachable' } },
      '',
      Promise.resolve(''),
    );
    session.clear();
    realtimeSession.set({ status: 'connecting' });
    await started;
    realtimeSession.set({ status: 'connected' });
    expect(calls.write).not.toHaveBeenCalled();
  });
});
