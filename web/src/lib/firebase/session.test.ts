import type { Auth } from 'firebase/auth';
import type { Database } from 'firebase/database';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/api-client';
import { adminEntryFor, endAdminSession, writeAdminEntry } from './session';
import { silentLogger } from '../logger';
import { adminUser, envelope, offlineFirebase } from '@/testing/fakes';

const database = vi.hoisted(() => ({
  update: vi.fn<(at: { path: string }, values: Record<string, unknown>) => Promise<void>>(),
}));

vi.mock('firebase/database', () => ({
  ref: (_db: unknown, path = '') => ({ path }),
  update: database.update,
}));

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
