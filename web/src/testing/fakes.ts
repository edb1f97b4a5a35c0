import { capabilitiesReader } from '@/lib/api/capabilities';
import type { Auth } from 'firebase/auth';
import { vi } from 'vitest';
import type { ApiClient } from '@/lib/api/api-client';
import { createApiClient } from '@/lib/api/api-client';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';
import { createLeaveGuard } from '@/lib/leave-guard/leave-guard';
import { silentLogger } from '@/lib/logger';
import { createRealtimeSessionStore } from '@/lib/realtime/session';
import type { Services } from '@/lib/services';
import { createSessionStore, type Session, type StoredUser } from '@/lib/session/session';
import { createSafeStorage, STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';
import { createThemeStore } from '@/lib/theme';

/**
 * Gives jsdom what a browser with push granted has (Notification, a service worker); call
 * `undo` after the test.
 */
export function grantPush() {
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { register: vi.fn() },
    configurable: true,
  });
  return {
    undo() {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'serviceWorker');
    },
  };
}

export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const data = new Map(Object.entries(initial));
  return createSafeStorage({
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
    clear: () => data.clear(),
  });
}

export const adminUser: StoredUser = {
  id: 1,
  name: 'Ada Admin',
  email: 'admin@fuel-community.test',
  role: ['admin'],
  device_ids: [],
  image: null,
  deviceToken: '',
};

export function sessionFor(user: StoredUser = adminUser, token = 'token-1'): Session {
  return { token, user, origin: 'restored' };
}

/** A JSON reply in the API's envelope. */
export function envelope(payload: unknown, success: 0 | 1 = 1, message: unknown = ''): Response {
  return new Response(JSON.stringify({ metadata: { success, message }, payload }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A Firebase runtime that never loads the SDKs (tests of the shell do not need Firebase). */
export function offlineFirebase(): FirebaseRuntime {
  const refuse = () => Promise.reject(new Error('Firebase is not available in this test'));
  return { config: refuse, app: refuse, auth: refuse, database: refuse, realtime: refuse };
}

export interface FakeAuth {
  currentUser: { uid: string } | null;
  authStateReady(): Promise<void>;
}

/**
 * A Firebase runtime whose Auth is a plain object, for tests that mock `firebase/auth` with
 * `signInWithCustomToken: signInWithFakeToken`: `currentUser` is whoever signed in last.
 */
export function fakeAuthFirebase(): { firebase: FirebaseRuntime; auth: FakeAuth } {
  const auth: FakeAuth = { currentUser: null, authStateReady: () => Promise.resolve() };
  return {
    auth,
    firebase: { ...offlineFirebase(), auth: () => Promise.resolve(auth as unknown as Auth) },
  };
}

/** `signInWithCustomToken` against a `fakeAuthFirebase`: the token is `custom-token-for-<uid>`. */
export function signInWithFakeToken(auth: FakeAuth, token: string): Promise<void> {
  auth.currentUser = { uid: token.replace('custom-token-for-', '') };
  return Promise.resolve();
}

/** The API's 503 to POST /api/session/firebase-token when no custom token can be minted. */
export function tokenUnavailable(reason: string): Response {
  return new Response(
    JSON.stringify({
      metadata: { success: 0, message: 'No Firebase session can be opened right now.' },
      payload: { firebaseUnavailable: { reason } },
    }),
    { status: 503, headers: { 'Content-Type': 'application/json' } },
  );
}

export interface FakeServicesOptions {
  session?: Session | null;
  fetch?: FetchHandler;
  storage?: KeyValueStorage;
  api?: ApiClient;
}

export interface FakeServices extends Services {
  fetch: ReturnType<typeof vi.fn<FetchHandler>>;
  signOut: ReturnType<typeof vi.fn<() => Promise<void>>>;
  reload: ReturnType<typeof vi.fn<() => void>>;
}

/** Services with an in-memory storage, a scripted fetch and spies for what leaves the page. */
export function fakeServices(options: FakeServicesOptions = {}): FakeServices {
  const storage = options.storage ?? memoryStorage();
  if (options.session) {
    storage.setItem(STORAGE_KEYS.token, options.session.token);
    storage.setItem(STORAGE_KEYS.user, JSON.stringify(options.session.user));
  }
  const session = createSessionStore(storage, options.session ?? null);
  const fetch = vi.fn<FetchHandler>(options.fetch ?? (() => envelope(null)));
  const signingOut = new Set<() => void>();
  const signOut = vi.fn(async () => {
    for (const listener of [...signingOut]) listener();
    session.clear();
  });
  const api =
    options.api ??
    createApiClient({
      fetch: (input, init) => Promise.resolve(fetch(String(input), init ?? {})),
      getToken: () => session.get()?.token ?? null,
      onUnauthorized: () => void signOut(),
      logger: silentLogger,
    });
  const firebase = offlineFirebase();
  return {
    storage,
    session,
    api,
    capabilities: capabilitiesReader(api, silentLogger),
    firebase,
    realtimeSession: createRealtimeSessionStore(),
    push: {
      firebase,
      vapidKey: undefined,
      logger: silentLogger,
      emulatorDeviceId: () => Promise.resolve('emulator-web-test-profile'),
    },
    logger: silentLogger,
    theme: createThemeStore(storage, document.documentElement, () => false),
    alertSound: { play: () => Promise.resolve(true) },
    leaveGuard: createLeaveGuard(),
    signOut,
    beforeSignOut(listener) {
      signingOut.add(listener);
      return () => void signingOut.delete(listener);
    },
    reload: vi.fn(),
    now: () => Date.UTC(2025, 0, 15, 20, 0),
    fetch,
  };
}
