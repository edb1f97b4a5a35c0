import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createFirebaseRuntime } from '@/lib/firebase/create-runtime';
import { silentLogger } from '@/lib/logger';
import { STORAGE_KEYS } from '@/lib/storage';
import { createThemeStore } from '@/lib/theme';
import { adminUser, memoryStorage } from '@/testing/fakes';
import { createServices } from './create-services';

const firebaseSession = vi.hoisted(() => ({
  sessionIdToken: vi.fn<(firebase: unknown) => Promise<string | null>>(),
  endAdminSession: vi.fn<(api: unknown, idToken: string, deviceToken: string) => Promise<void>>(),
  retryUnconfirmedSignOut: vi.fn<() => Promise<void>>(),
  signOutOfFirebase: vi.fn<(firebase: unknown) => Promise<void>>(),
  watchIdToken:
    vi.fn<(firebase: unknown, onToken: (idToken: string | null) => void) => Promise<() => void>>(),
}));
vi.mock('@/lib/firebase/session', () => firebaseSession);

beforeEach(() => {
  firebaseSession.sessionIdToken.mockReset().mockResolvedValue('id-token-1');
  firebaseSession.endAdminSession.mockReset().mockResolvedValue(undefined);
  firebaseSession.retryUnconfirmedSignOut.mockReset().mockResolvedValue(undefined);
  firebaseSession.signOutOfFirebase.mockReset().mockResolvedValue(undefined);
  firebaseSession.watchIdToken.mockReset().mockResolvedValue(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
});

function setup(
  fetchImpl: typeof fetch = async () => new Response('{}', { status: 404 }),
  signedIn = true,
  registration?: ServiceWorkerRegistration,
) {
  const user = { ...adminUser, deviceToken: 'this-browser-push-token' };
  const storage = memoryStorage({
    [STORAGE_KEYS.unconfirmedSignOut]: 'earlier-id-token',
    [STORAGE_KEYS.token]: 'tok',
    [STORAGE_KEYS.user]: JSON.stringify(user),
    [STORAGE_KEYS.language]: '{"selectedLang":"ja"}',
    [STORAGE_KEYS.theme]: 'dark',
    [STORAGE_KEYS.layout]: '{"width":"fixed"}',
    [STORAGE_KEYS.builderActiveTab]: '2',
  });
  const root = document.createElement('html');
  const theme = createThemeStore(storage, root, () => false);
  const resetLanguage = vi.fn(() => Promise.resolve());
  const services = createServices({
    storage,
    initialSession: signedIn ? { token: 'tok', user, origin: 'restored' } : null,
    logger: silentLogger,
    theme,
    alertSound: { play: () => Promise.resolve(true) },
    fetch: fetchImpl,
    firebase: createFirebaseRuntime({
      fetch: fetchImpl,
      hostname: 'admin.example.com',
      logger: silentLogger,
    }),
    vapidKey: undefined,
    indexedDB: {} as IDBFactory,
    serviceWorkers: { getRegistration: () => Promise.resolve(registration) },
    resetLanguage,
    reload: vi.fn(),
    now: () => 0,
  });
  return { services, storage, root, resetLanguage };
}

describe("the database session's ID token", () => {
  it('goes with every change once the session connects, the newest one, and never with a read', async () => {
    const sent: Headers[] = [];
    const { services } = setup(async (_url, init) => {
      sent.push(new Headers(init?.headers));
      return new Response('{"metadata":{"success":1},"payload":null}');
    });
    const change = () =>
      services.api.send({ method: 'DELETE', path: '/admin/user/4', payload: z.null() });
    await change();
    services.realtimeSession.set({ status: 'connected' });
    await vi.dynamicImportSettled();
    const [, onToken] = firebaseSession.watchIdToken.mock.calls[0] ?? [];
    onToken?.('id-token-1');
    await change();
    onToken?.('id-token-2');
    await change();
    await services.api.send({ path: '/admin/user', payload: z.null() });
    expect(sent.map((headers) => headers.get('x-admin-session'))).toEqual([
      null,
      'id-token-1',
      'id-token-2',
      null,
    ]);
    expect(firebaseSession.watchIdToken).toHaveBeenCalledTimes(1);
  });
});

describe('a sign-out the server did not confirm', () => {
  it('is asked again at a signed-out start, and never with a session', async () => {
    setup(undefined, true);
    await vi.dynamicImportSettled();
    expect(firebaseSession.retryUnconfirmedSignOut).not.toHaveBeenCalled();
    const { services, storage } = setup(undefined, false);
    await vi.dynamicImportSettled();
    expect(firebaseSession.retryUnconfirmedSignOut).toHaveBeenCalledWith(
      services.api,
      storage,
      silentLogger,
    );
  });
});

describe('sign-out', () => {
  it('clears all local storage, forgets the session and resets the preferences', async () => {
    const { services, storage, root, resetLanguage } = setup();
    expect(root).toHaveClass('dark');
    await services.signOut();
    for (const key of Object.values(STORAGE_KEYS)) expect(storage.getItem(key)).toBeNull();
    expect(services.session.get()).toBeNull();
    expect(root).not.toHaveClass('dark');
    expect(resetLanguage).toHaveBeenCalledTimes(1);
  });

  it('signs out of Firebase', async () => {
    const { services } = setup();
    await services.signOut();
    expect(firebaseSession.signOutOfFirebase).toHaveBeenCalledTimes(1);
    expect(firebaseSession.signOutOfFirebase).toHaveBeenCalledWith(services.firebase);
  });

  it("ends the session on the server with this browser's push token, then signs out of Firebase", async () => {
    const steps: string[] = [];
    firebaseSession.endAdminSession.mockImplementation(async () => {
      steps.push('server');
    });
    firebaseSession.signOutOfFirebase.mockImplementation(async () => {
      steps.push('firebase');
    });
    const { services } = setup();
    await services.signOut();
    expect(firebaseSession.endAdminSession).toHaveBeenCalledWith(
      services.api,
      'id-token-1',
      'this-browser-push-token',
    );
    expect(steps).toEqual(['server', 'firebase']);
  });

  it('signs out locally and of Firebase when the server cannot end the session, keeping its ID token to ask again', async () => {
    firebaseSession.endAdminSession.mockRejectedValue(new Error('network'));
    const { services, storage } = setup();
    await expect(services.signOut()).resolves.toBeUndefined();
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(firebaseSession.signOutOfFirebase).toHaveBeenCalledTimes(1);
    expect(storage.getItem(STORAGE_KEYS.unconfirmedSignOut)).toBe('id-token-1');
  });

  it("ends this browser's push subscription, so its token reaches nothing here", async () => {
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    const registration = {
      pushManager: { getSubscription: () => Promise.resolve({ unsubscribe }) },
    } as unknown as ServiceWorkerRegistration;
    const { services } = setup(undefined, true, registration);
    await services.signOut();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing once the server confirmed the sign-out', async () => {
    const { services, storage } = setup();
    await services.signOut();
    expect(storage.getItem(STORAGE_KEYS.unconfirmedSignOut)).toBeNull();
  });

  it('signs out of Firebase after 5 s when the server does not answer, the page not waiting', async () => {
    firebaseSession.endAdminSession.mockReturnValue(new Promise<void>(() => {}));
    vi.useFakeTimers();
    const { services } = setup();
    let done = false;
    void services.signOut().then(() => (done = true));
    expect(services.session.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(2000);
    expect(done).toBe(true);
    expect(firebaseSession.signOutOfFirebase).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    expect(firebaseSession.signOutOfFirebase).toHaveBeenCalledTimes(1);
  });

  it('still completes when the Firebase sign-out fails', async () => {
    firebaseSession.signOutOfFirebase.mockRejectedValue(new Error('network'));
    const { services, storage } = setup();
    await expect(services.signOut()).resolves.toBeUndefined();
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('does not wait more than 2 s for a Firebase sign-out that hangs', async () => {
    firebaseSession.signOutOfFirebase.mockReturnValue(new Promise<void>(() => {}));
    vi.useFakeTimers();
    const { services } = setup();
    let done = false;
    void services.signOut().then(() => (done = true));
    expect(services.session.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(1999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('happens on a 401 from any call made with the session', async () => {
    const { services, storage } = setup(
      async () =>
        new Response(JSON.stringify({ metadata: { success: 0, message: 'Unauthenticated.' } }), {
          status: 401,
        }),
    );
    await expect(
      services.api.request({ path: '/admin/user', payload: z.unknown() }),
    ).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    await vi.waitFor(() => expect(services.session.get()).toBeNull());
    expect(storage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('sends the stored token as the bearer', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ metadata: { success: 1 }, payload: 1 })),
    );
    const { services } = setup(fetchImpl);
    await services.api.request({ path: '/me', payload: z.number() });
    expect(new Headers(fetchImpl.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer tok',
    );
  });
});
