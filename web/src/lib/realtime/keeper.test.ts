import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adminUser,
  envelope,
  fakeAuthFirebase,
  fakeServices,
  sessionFor,
  tokenUnavailable,
  type FetchHandler,
} from '@/testing/fakes';
import { keepRealtimeSession, unavailableReason } from './keeper';

vi.mock('firebase/auth', async () => ({
  signInWithCustomToken: (await import('@/testing/fakes')).signInWithFakeToken,
}));

const SESSION_EXCHANGE = '/api/session/firebase-token';

/** A signed-in admin (id 1) whose Firebase session the API answers with `answer`. */
function keeper(answer: FetchHandler, checkFirst = false) {
  const services = fakeServices({ session: sessionFor(adminUser), fetch: answer });
  const { firebase, auth } = fakeAuthFirebase();
  const controller = new AbortController();
  const start = () =>
    keepRealtimeSession(
      { ...services, firebase, uid: String(adminUser.id) },
      controller.signal,
      checkFirst,
    );
  const exchanges = () =>
    services.fetch.mock.calls.filter(([url]) => url === SESSION_EXCHANGE).length;
  return { services, auth, controller, start, exchanges };
}

beforeEach(async () => {
  // Loaded once here: under fake timers a first dynamic import would wait on real time.
  await import('../api/api-reply');
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('keeping the Firebase session of the realtime screens', () => {
  it('asks again 5 s after it was unavailable, then 10 s, 20 s…, until it is back', async () => {
    let refusals = 2;
    const { services, auth, start, exchanges } = keeper(() =>
      refusals-- > 0
        ? tokenUnavailable('signing-refused')
        : envelope({ firebaseToken: 'custom-token-for-1' }),
    );
    // What a sign-in without a custom token leaves behind.
    services.realtimeSession.set({ status: 'unavailable', reason: 'signing-refused' });
    start();

    await vi.advanceTimersByTimeAsync(4_999);
    expect(exchanges()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(exchanges()).toBe(1);
    expect(services.realtimeSession.get()).toEqual({
      status: 'unavailable',
      reason: 'signing-refused',
    });

    await vi.advanceTimersByTimeAsync(9_999);
    expect(exchanges()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(exchanges()).toBe(2);

    await vi.advanceTimersByTimeAsync(20_000);
    expect(exchanges()).toBe(3);
    expect(services.realtimeSession.get()).toEqual({ status: 'connected' });
    expect(auth.currentUser).toEqual({ uid: '1' });

    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(exchanges()).toBe(3);
  });

  it('waits at most 5 minutes between tries', async () => {
    const { services, start, exchanges } = keeper(() => tokenUnavailable('unreachable'));
    services.realtimeSession.set({ status: 'unavailable', reason: 'unreachable' });
    start();
    // 5 + 10 + 20 + 40 + 80 + 160 s, then 300 s apart.
    await vi.advanceTimersByTimeAsync(315_000);
    expect(exchanges()).toBe(6);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(exchanges()).toBe(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(exchanges()).toBe(7);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(exchanges()).toBe(8);
  });

  it('checks a restored session at once and says why it is unavailable', async () => {
    const { services, start, exchanges } = keeper(
      () => Promise.reject(new TypeError('Failed to fetch')),
      true,
    );
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(exchanges()).toBe(1);
    expect(services.realtimeSession.get()).toEqual({
      status: 'unavailable',
      reason: 'unreachable',
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(exchanges()).toBe(2);
  });

  it('keeps a restored session Firebase Auth still holds, without asking the API', async () => {
    const { services, auth, start, exchanges } = keeper(() => envelope(null), true);
    auth.currentUser = { uid: '1' };
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(services.realtimeSession.get()).toEqual({ status: 'connected' });
    expect(exchanges()).toBe(0);
  });

  it('stops asking at sign-out', async () => {
    const { services, controller, start, exchanges } = keeper(() =>
      tokenUnavailable('signing-refused'),
    );
    services.realtimeSession.set({ status: 'unavailable', reason: 'signing-refused' });
    start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(exchanges()).toBe(1);
    controller.abort();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(exchanges()).toBe(1);
  });
});

describe('why the session is unavailable', () => {
  it("reads the API's reason, else tells a missing answer from anything else", async () => {
    const { ApiError } = await import('../api/api-client');
    const refusal = (status: number, payload: unknown) =>
      new ApiError('rejected', [], status, payload);
    expect(
      unavailableReason(refusal(503, { firebaseUnavailable: { reason: 'signing-refused' } })),
    ).toBe('signing-refused');
    expect(unavailableReason(refusal(503, { firebaseUnavailable: { reason: 'new-one' } }))).toBe(
      'unknown',
    );
    expect(unavailableReason(new ApiError('network', []))).toBe('unreachable');
    expect(unavailableReason(refusal(504, null))).toBe('unreachable');
    expect(unavailableReason(refusal(403, null))).toBe('unknown');
    expect(
      unavailableReason(Object.assign(new Error('x'), { code: 'auth/network-request-failed' })),
    ).toBe('unreachable');
    expect(unavailableReason(new Error('x'))).toBe('unknown');
  });
});
