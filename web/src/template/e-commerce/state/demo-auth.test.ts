import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { memoryStorage } from '@/testing/fakes';
import { demoAuthApi } from '../api/demo-auth';
import { createShopClient, ShopError } from '../api/shop-client';
import { withoutPassword } from '../mock/auth';
import { createShopBackend } from '../mock/backend';
import { createSampleData, DEMO_USERS } from '../mock/sample-data';
import type { DemoUserRecord } from '../schemas';
import {
  demoAuthActions,
  demoAuthReducer,
  initialDemoAuthState,
  type DemoAuthAction,
} from './demo-auth';
import { createShop } from './shop';
import { createStore } from './store';

const admin = DEMO_USERS[0] as DemoUserRecord;

function setup() {
  const fetch = createShopBackend(createSampleData(), {
    now: () => 0,
    newToken: () => 'registered-token',
    sleep: () => Promise.resolve(),
  });
  const store = createStore(demoAuthReducer, initialDemoAuthState);
  const seen: DemoAuthAction[] = [];
  const client = createShopClient(fetch, () => store.getState().authToken);
  const actions = demoAuthActions(demoAuthApi(client), (action) => {
    seen.push(action);
    store.dispatch(action);
  });
  return { store, seen, actions };
}

describe('the demo auth state', () => {
  it('stores the token and clears the user on login, then loads the profile', async () => {
    const { store, seen, actions } = setup();
    const user = await actions.login('admin@demo.com', 'demo');
    expect(seen.map((action) => action.type)).toEqual(['[Login] Action', '[Load User] Auth API']);
    expect(seen[0]).toEqual({
      type: '[Login] Action',
      authToken: 'access-token-8f3ae836da744329a6f93bf20594b5cc',
    });
    expect(user).toMatchObject({ username: 'admin', roles: [1] });
    expect(store.getState()).toEqual({ authToken: user.authToken, user });
  });

  it('drops the previous user the moment another signs in', () => {
    const signedIn = demoAuthReducer(
      { authToken: 'a', user: undefined },
      { type: '[Login] Action', authToken: 'b' },
    );
    expect(signedIn).toEqual({ authToken: 'b', user: undefined });
  });

  it('registers, stores the new token and loads the new profile', async () => {
    const { store, actions } = setup();
    await actions.register({
      email: 'nora@demo.com',
      fullname: 'Nora New',
      username: 'nora',
      password: 'secret',
    });
    expect(store.getState()).toMatchObject({
      authToken: 'registered-token',
      user: { username: 'nora', roles: [2] },
    });
  });

  it('leaves the state alone after a bad login (400)', async () => {
    const { store, actions } = setup();
    await expect(actions.login('admin@demo.com', 'wrong')).rejects.toMatchObject({ status: 400 });
    expect(store.getState()).toEqual(initialDemoAuthState);
  });

  it('resets to empty on logout', async () => {
    const { store, actions } = setup();
    await actions.login('guest@demo.com', 'demo');
    actions.logout();
    expect(store.getState()).toEqual(initialDemoAuthState);
  });

  it('signs out when the profile request is refused (401)', async () => {
    const store = createStore(demoAuthReducer, initialDemoAuthState);
    const actions = demoAuthActions(
      {
        login: () => Promise.resolve({ ...withoutPassword(admin), authToken: 'stale' }),
        register: () => Promise.reject(new Error('unused')),
        requestPassword: () => Promise.resolve(),
        me: () => Promise.reject(new ShopError(401, 'status')),
      },
      store.dispatch,
    );
    await expect(actions.login('admin@demo.com', 'demo')).rejects.toMatchObject({ status: 401 });
    expect(store.getState()).toEqual(initialDemoAuthState);
  });
});

describe('the demo session between visits', () => {
  const backend = () =>
    createShopBackend(createSampleData(), {
      now: () => 0,
      newToken: () => 'registered-token',
      sleep: () => Promise.resolve(),
    });

  it('keeps the token alone under the auth state key, and drops it at logout', async () => {
    const storage = memoryStorage();
    const shop = createShop(backend(), storage);
    await shop.auth.actions.login(admin.email, admin.password);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.authState) ?? 'null')).toEqual({
      authToken: admin.authToken,
    });
    shop.auth.actions.logout();
    expect(storage.getItem(STORAGE_KEYS.authState)).toBeNull();
  });

  it('asks for the user of a kept token on the next visit, and ends a token no longer known', async () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.authState]: JSON.stringify({ authToken: admin.authToken }),
    });
    const again = createShop(backend(), storage);
    expect(again.auth.store.getState()).toEqual({ authToken: admin.authToken, user: undefined });
    expect((await again.auth.actions.restore()).email).toBe(admin.email);

    storage.setItem(STORAGE_KEYS.authState, JSON.stringify({ authToken: 'forgotten' }));
    const stale = createShop(backend(), storage);
    await expect(stale.auth.actions.restore()).rejects.toBeInstanceOf(ShopError);
    expect(stale.auth.store.getState()).toEqual(initialDemoAuthState);
    expect(storage.getItem(STORAGE_KEYS.authState)).toBeNull();
  });
});
