import { describe, expect, it, vi } from 'vitest';
import { adminUser, memoryStorage } from '@/testing/fakes';
import { createSessionStore, hasRole } from './session';
import { STORAGE_KEYS } from '../storage';
import { readStoredSession } from './stored-session';

describe('the session store', () => {
  it('stores userToken and userDetails on start and notifies', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, null);
    const listener = vi.fn();
    store.subscribe(listener);
    store.start('tok', adminUser);
    expect(storage.getItem(STORAGE_KEYS.token)).toBe('tok');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(adminUser);
    expect(store.get()).toEqual({ token: 'tok', user: adminUser, origin: 'signed-in' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('is restored from storage on reload', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.token]: 'tok',
      [STORAGE_KEYS.user]: JSON.stringify(adminUser),
    });
    expect(readStoredSession(storage)).toEqual({
      token: 'tok',
      user: adminUser,
      origin: 'restored',
    });
  });

  it('ignores a token without readable user details', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.token]: 'tok',
      [STORAGE_KEYS.user]: '{"id":"x"}',
    });
    expect(readStoredSession(storage)).toBeNull();
    expect(readStoredSession(memoryStorage({ [STORAGE_KEYS.token]: 'tok' }))).toBeNull();
  });

  it('clears every local storage key on sign-out', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.language]: '{"selectedLang":"ja"}' });
    const store = createSessionStore(storage, null);
    store.start('tok', adminUser);
    store.clear();
    expect(store.get()).toBeNull();
    for (const key of Object.values(STORAGE_KEYS)) expect(storage.getItem(key)).toBeNull();
  });

  it('follows another tab signing out', async () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, null);
    store.start('tok', adminUser);
    storage.clear();
    await store.refresh();
    expect(store.get()).toBeNull();
  });
});

describe('the role guard rule', () => {
  it('compares the first role with one role or a list', () => {
    expect(hasRole({ role: ['admin', 'user'] }, 'admin')).toBe(true);
    expect(hasRole({ role: ['user', 'admin'] }, 'admin')).toBe(false);
    expect(hasRole({ role: ['editor'] }, ['admin', 'editor'])).toBe(true);
    expect(hasRole({ role: ['user'] }, ['admin', 'editor'])).toBe(false);
    expect(hasRole(null, 'admin')).toBe(false);
  });
});
