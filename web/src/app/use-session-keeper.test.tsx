import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IncomingPush } from '@/lib/push/push';
import type * as push from '@/lib/push/push';
import {
  adminUser,
  envelope,
  fakeAuthFirebase,
  fakeServices,
  tokenUnavailable,
} from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { useSessionKeeper } from './use-session-keeper';

const foreground = vi.hoisted(() => ({
  onPush: undefined as ((message: IncomingPush) => void) | undefined,
  unsubscribe: vi.fn(),
}));
const sonner = vi.hoisted(() => ({ info: vi.fn() }));

vi.mock('@/lib/push/push', async (original) => ({
  ...(await original<typeof push>()),
  listenToForegroundPush: vi.fn((_deps: unknown, onPush: (message: IncomingPush) => void) => {
    foreground.onPush = onPush;
    return Promise.resolve(foreground.unsubscribe);
  }),
}));
vi.mock('sonner', () => ({ toast: sonner }));
vi.mock('firebase/auth', async () => ({
  signInWithCustomToken: (await import('@/testing/fakes')).signInWithFakeToken,
}));

function Keeper() {
  useSessionKeeper();
  return null;
}

async function signedIn() {
  const rendered = await renderApp(<Keeper />, {
    session: { token: 'token-1', user: adminUser, origin: 'signed-in' },
    fetch: () => envelope(adminUser),
  });
  const play = vi.spyOn(rendered.services.alertSound, 'play');
  await vi.waitFor(() => expect(foreground.onPush).toBeDefined());
  return { ...rendered, play };
}

afterEach(() => {
  vi.useRealTimers();
});

beforeEach(() => {
  foreground.onPush = undefined;
  foreground.unsubscribe.mockReset();
  sonner.info.mockReset();
});

describe('a push message arriving while the app is open', () => {
  it('shows a toast for 9000 ms and plays the alert sound', async () => {
    const { play } = await signedIn();
    act(() => foreground.onPush?.({ title: 'New complaint', body: 'Pump 4 is out of order' }));
    await vi.waitFor(() => expect(sonner.info).toHaveBeenCalledTimes(1));
    expect(sonner.info).toHaveBeenCalledWith('New complaint', {
      description: 'Pump 4 is out of order',
      duration: 9000,
    });
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('shows the text as the title when the message has none', async () => {
    await signedIn();
    act(() => foreground.onPush?.({ title: '', body: 'Prices updated' }));
    await vi.waitFor(() =>
      expect(sonner.info).toHaveBeenCalledWith('Prices updated', {
        description: undefined,
        duration: 9000,
      }),
    );
  });

  it('stops listening when the shell goes (sign-out)', async () => {
    const { unmount } = await signedIn();
    expect(foreground.unsubscribe).not.toHaveBeenCalled();
    unmount();
    expect(foreground.unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe('the Firebase work of a session', () => {
  it('waits until the first screen has been painted', async () => {
    // Frames are held, as while the browser has not painted yet.
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const { listenToForegroundPush } = await import('@/lib/push/push');
    vi.mocked(listenToForegroundPush).mockClear();
    await renderApp(<Keeper />, {
      session: { token: 'token-1', user: adminUser, origin: 'signed-in' },
      fetch: () => envelope(adminUser),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listenToForegroundPush).not.toHaveBeenCalled();

    act(() => frames.forEach((callback) => callback(performance.now())));
    await vi.waitFor(() => expect(listenToForegroundPush).toHaveBeenCalledTimes(1));
  });
});

describe('the Firebase session of the realtime screens', () => {
  /** The API answers GET /me with the admin and the session exchange with `exchange`. */
  function services(exchange: () => Response) {
    const { firebase, auth } = fakeAuthFirebase();
    const fakes = fakeServices({
      session: { token: 'token-1', user: adminUser, origin: 'signed-in' },
      fetch: (url) => (url === '/api/session/firebase-token' ? exchange() : envelope(adminUser)),
    });
    return { services: { ...fakes, firebase }, auth };
  }

  it('is asked for again in the background after a sign-in without it, until it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let refusals = 1;
    const { services: given, auth } = services(() =>
      refusals-- > 0
        ? tokenUnavailable('signing-refused')
        : envelope({ firebaseToken: 'custom-token-for-1' }),
    );
    given.realtimeSession.set({ status: 'unavailable', reason: 'signing-refused' });
    await renderApp(<Keeper />, { services: given });
    await vi.waitFor(() => expect(foreground.onPush).toBeDefined());

    // The exact times are the keeper's own tests' business; here, that it runs at all.
    await vi.waitFor(async () => {
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(given.realtimeSession.get()).toEqual({ status: 'connected' });
    });
    expect(auth.currentUser).toEqual({ uid: '1' });
    expect(
      given.fetch.mock.calls.filter(([url]) => url === '/api/session/firebase-token'),
    ).toHaveLength(2);
  });

  it('stops asking once the shell goes (sign-out)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { services: given } = services(() => tokenUnavailable('unreachable'));
    given.realtimeSession.set({ status: 'unavailable', reason: 'unreachable' });
    const { unmount } = await renderApp(<Keeper />, { services: given });
    await vi.waitFor(() => expect(foreground.onPush).toBeDefined());
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(60 * 60_000));
    expect(given.fetch.mock.calls.map(([url]) => url)).not.toContain('/api/session/firebase-token');
  });
});

describe('the admin role', () => {
  const demoted = { ...adminUser, role: ['user'] };

  it('is re-checked when the window regains focus: a demoted admin is signed out', async () => {
    const fakes = fakeServices({
      session: { token: 'token-1', user: adminUser, origin: 'signed-in' },
      fetch: (url) => envelope(url === '/api/session/user' ? demoted : null),
    });
    await renderApp(<Keeper />, { services: fakes });
    await vi.waitFor(() => expect(foreground.onPush).toBeDefined());
    expect(fakes.signOut).not.toHaveBeenCalled();
    // The check's module loads after the paint; focus until it listens.
    await vi.waitFor(() => {
      window.dispatchEvent(new Event('focus'));
      expect(fakes.signOut).toHaveBeenCalledTimes(1);
    });
  });

  it('is re-checked as often as the local stack asks in /emulators.json', async () => {
    const fakes = fakeServices({
      session: { token: 'token-1', user: adminUser, origin: 'signed-in' },
      fetch: (url) => envelope(url === '/api/session/user' ? adminUser : null),
    });
    const config = { firebase: { apiKey: 'k', projectId: 'p' }, emulators: { roleRecheckMs: 20 } };
    const services = { ...fakes, firebase: { ...fakes.firebase, config: async () => config } };
    await renderApp(<Keeper />, { services });
    await vi.waitFor(() =>
      expect(
        fakes.fetch.mock.calls.filter(([url]) => url === '/api/session/user').length,
      ).toBeGreaterThanOrEqual(3),
    );
    expect(fakes.signOut).not.toHaveBeenCalled();
  });
});
