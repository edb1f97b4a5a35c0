import type { Auth } from 'firebase/auth';
import type { Database } from 'firebase/database';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/api-client';
import {
  adminEntryFor,
  endAdminSession,
  endEverySession,
  renewFirebaseSession,
  retryUnconfirmedSignOut,
  sessionIdToken,
  writeAdminEntry,
} from './session';
import { STORAGE_KEYS } from '../storage';
import { silentLogger } from '../logger';
import { adminUser, envelope, memoryStorage, offlineFirebase } from '@/testing/fakes';

const database = vi.hoisted(() => ({
  update: vi.fn<(at: { path: string }, values: Record<string, unknown>) => Promise<void>>(),
}));

vi.mock('firebase/database', () => ({
  ref: (_db: unknown, path = '') => ({ path }),
  update: database.update,
}));

const auth = vi.hoisted(() => ({
  signInWithCustomToken: vi.fn<(auth: unknown, token: string) => Promise<void>>(),
}));

vi.mock('firebase/auth', () => ({ signInWithCustomToken: auth.signInWithCustomToken }));

function setup(
  currentUser: { getIdToken(): Promise<string> } | null,
  reply: (url: string) => Response = () => envelope(null),
) {
  const calls: { url: string; init: RequestInit }[] = [];
  const api = createApiClient({
    fetch: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return reply(String(input));
    },
    getToken: () => null,
    onUnauthorized: () => undefined,
    logger: silentLogger,
  });
  const auth = { currentUser, authStateReady: () => Promise.resolve() };
  const firebase = { ...offlineFirebase(), auth: () => Promise.resolve(auth as unknown as Auth) };
  return { api, firebase, calls };
}

describe('endAdminSession', () => {
  it('posts the ID token to the sign-out route', async () => {
    const { api, calls } = setup(null);
    await endAdminSession(api, 'id-token-1');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/session/sign-out');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ idToken: 'id-token-1' });
  });
});

describe('sessionIdToken', () => {
  it("is the Firebase session's ID token, or null when Firebase Auth holds none", async () => {
    const signedIn = setup({ getIdToken: () => Promise.resolve('id-token-1') });
    expect(await sessionIdToken(signedIn.firebase)).toBe('id-token-1');
    expect(await sessionIdToken(setup(null).firebase)).toBeNull();
  });
});

describe('retryUnconfirmedSignOut', () => {
  const json = (status: number) =>
    new Response(JSON.stringify({ metadata: { success: 0, message: 'no' }, payload: null }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  it.each([
    ['confirms it', () => envelope(null)],
    ['refuses the token, expired by now', () => json(401)],
  ])('asks the server again and forgets the token once the server %s', async (_name, reply) => {
    const storage = memoryStorage({ [STORAGE_KEYS.unconfirmedSignOut]: 'id-token-1' });
    const { api, calls } = setup(null, reply);
    await retryUnconfirmedSignOut(api, storage, silentLogger);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ idToken: 'id-token-1' });
    expect(storage.getItem(STORAGE_KEYS.unconfirmedSignOut)).toBeNull();
  });

  it('keeps the token for the next start while the server does not answer', async () => {
    const storage = memoryStorage({ [STORAGE_KEYS.unconfirmedSignOut]: 'id-token-1' });
    const { api } = setup(null, () => json(503));
    await retryUnconfirmedSignOut(api, storage, silentLogger);
    expect(storage.getItem(STORAGE_KEYS.unconfirmedSignOut)).toBe('id-token-1');
  });
});

describe('renewFirebaseSession', () => {
  const signedIn = { getIdToken: () => Promise.resolve('id-token-1') };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  it("posts the session's ID token to the renewal route, and signs in to nothing new", async () => {
    auth.signInWithCustomToken.mockReset();
    const { api, firebase, calls } = setup(signedIn, () => envelope({ expiresAt: 5 }));
    await renewFirebaseSession(firebase, api);
    expect(calls.map((call) => call.url)).toEqual(['/api/session/renew']);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ idToken: 'id-token-1' });
    expect(auth.signInWithCustomToken).not.toHaveBeenCalled();
  });

  it('opens a new session when the old one lapsed while the browser sat idle (410)', async () => {
    auth.signInWithCustomToken.mockReset().mockResolvedValue();
    const { api, firebase, calls } = setup(signedIn, (url) =>
      url.endsWith('/renew')
        ? json(410, { metadata: { success: 0, message: 'This session has ended.' }, payload: null })
        : envelope({ firebaseToken: 'custom-2' }),
    );
    await renewFirebaseSession(firebase, api);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/session/renew',
      '/api/session/firebase-token',
    ]);
    expect(auth.signInWithCustomToken).toHaveBeenCalledWith(expect.anything(), 'custom-2');
  });

  it('rejects on a refusal of the role, opening nothing', async () => {
    auth.signInWithCustomToken.mockReset();
    const { api, firebase, calls } = setup(signedIn, () =>
      json(403, {
        metadata: { success: 0, message: 'The login detail is incorrect' },
        payload: null,
      }),
    );
    await expect(renewFirebaseSession(firebase, api)).rejects.toMatchObject({ status: 403 });
    expect(calls).toHaveLength(1);
    expect(auth.signInWithCustomToken).not.toHaveBeenCalled();
  });

  it('asks nothing when Firebase Auth holds no session', async () => {
    const { api, firebase, calls } = setup(null);
    await renewFirebaseSession(firebase, api);
    expect(calls).toEqual([]);
  });
});

describe('endEverySession', () => {
  it("posts this session's ID token to the route that ends them all", async () => {
    const signedIn = { uid: '4', getIdToken: () => Promise.resolve('id-token-1') };
    const { api, firebase, calls } = setup(signedIn);
    await endEverySession(firebase, api, '4');
    expect(calls.map((call) => call.url)).toEqual(['/api/session/sign-out-everywhere']);
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ idToken: 'id-token-1' });
  });

  it('opens a Firebase session first when this browser has none', async () => {
    auth.signInWithCustomToken.mockReset().mockResolvedValue();
    const { api, firebase, calls } = setup(null, () => envelope({ firebaseToken: 'custom-1' }));
    // Signing in with the fake SDK leaves no user behind: the route is never reached.
    await expect(endEverySession(firebase, api, '4')).rejects.toThrow(/No Firebase session/);
    expect(calls.map((call) => call.url)).toEqual(['/api/session/firebase-token']);
    expect(auth.signInWithCustomToken).toHaveBeenCalledWith(expect.anything(), 'custom-1');
  });
});

describe('writeAdminEntry', () => {
  it("writes the `admin` entry and the admin's own entry in one update", async () => {
    database.update.mockResolvedValue();
    const firebase = { ...offlineFirebase(), database: () => Promise.resolve({} as Database) };
    const entry = adminEntryFor({ ...adminUser, id: 4 }, 'web-token', 7);
    await writeAdminEntry(firebase, entry);
    expect(database.update).toHaveBeenCalledTimes(1);
    expect(database.update).toHaveBeenCalledWith({ path: '' }, { admin: entry, 'admins/4': entry });
  });
});
