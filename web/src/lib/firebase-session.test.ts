import type { Auth } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { endAdminSession } from './firebase-session';
import { silentLogger } from './logger';
import { envelope, offlineFirebase } from '@/testing/fakes';

function setup(currentUser: { getIdToken(): Promise<string> } | null) {
  const calls: { url: string; init: RequestInit }[] = [];
  const api = createApiClient({
    fetch: async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return envelope(null);
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
  it("posts the Firebase session's ID token to the sign-out route", async () => {
    const { api, firebase, calls } = setup({ getIdToken: () => Promise.resolve('id-token-1') });
    await endAdminSession(firebase, api);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/session/sign-out');
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ idToken: 'id-token-1' });
  });

  it('asks nothing when Firebase Auth holds no session', async () => {
    const { api, firebase, calls } = setup(null);
    await endAdminSession(firebase, api);
    expect(calls).toEqual([]);
  });
});
