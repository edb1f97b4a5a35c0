/**
 * firebase-admin@13 pointed at the database with FIREBASE_DATABASE_EMULATOR_HOST, as the
 * functions are in the local stack: it authenticates as the owner and bypasses the rules, as
 * the real Admin SDK does; with databaseAuthVariableOverride it meets them as that identity.
 */
import { deleteApp, initializeApp, type App, type AppOptions } from 'firebase-admin/app';
import { getDatabase, ServerValue } from 'firebase-admin/database';
import { get, ref } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDatabase, type TestDatabase } from './support.js';

const RULES = {
  rules: {
    '.read': false,
    '.write': false,
    service: {
      '.read': "auth != null && auth.uid === 'svc'",
      '.write': "auth != null && auth.uid === 'svc'",
    },
  },
};

let db: TestDatabase;
const apps: App[] = [];
beforeEach(async () => {
  db = await startDatabase(RULES);
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `${db.host}:${db.port}`;
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  await db.close();
});

function adminApp(options: AppOptions = {}): App {
  const app = initializeApp(
    {
      projectId: 'demo-rtdb-tests',
      databaseURL: `https://${db.namespace}.firebaseio.com`,
      ...options,
    },
    `admin-${apps.length}-${Date.now()}`,
  );
  apps.push(app);
  return app;
}

describe('firebase-admin', () => {
  it('reads and writes as the owner, past deny-all rules', async () => {
    const admin = getDatabase(adminApp());
    await admin
      .ref('users/u1')
      .set({ userId: 'u1', name: 'Ada', lastUpdate: ServerValue.TIMESTAMP });
    await admin
      .ref()
      .update({ 'users/u2': { userId: 'u2', name: 'Bob' }, 'deviceTokens/u1/k': { token: 't' } });
    const pushed = await admin.ref('outbox').push({ token: 't', at: 1 });
    const committed = await admin
      .ref('counters/alerts')
      .transaction((n: number | null) => (n ?? 0) + 1);
    expect(committed.committed).toBe(true);

    const users = (await admin.ref('users').once('value')).val();
    expect(users.u1.name).toBe('Ada');
    expect(typeof users.u1.lastUpdate).toBe('number');
    expect(users.u2).toEqual({ userId: 'u2', name: 'Bob' });
    expect((await admin.ref(`outbox/${pushed.key}`).get()).val()).toEqual({ token: 't', at: 1 });
    expect((await admin.ref('counters/alerts').get()).val()).toBe(1);

    // The same data stays closed to a client: the rules are enforced for everyone else.
    await expect(get(ref(db.client(), 'users'))).rejects.toThrow(/permission.denied/i);
  });

  it('with databaseAuthVariableOverride meets the rules as that identity', async () => {
    const service = getDatabase(adminApp({ databaseAuthVariableOverride: { uid: 'svc' } }));
    await service.ref('service/state').set('ok');
    expect((await service.ref('service/state').get()).val()).toBe('ok');
    await expect(service.ref('users/u1').set({ name: 'x' })).rejects.toThrow(/permission.denied/i);

    const nobody = getDatabase(adminApp({ databaseAuthVariableOverride: null }));
    await expect(nobody.ref('service/state').get()).rejects.toThrow(/permission.denied/i);
  });

  it('gets and sets the rules through /.settings/rules.json', async () => {
    // The owner token as the access token: the emulators take it on their REST API too.
    const credential = {
      getAccessToken: () => Promise.resolve({ access_token: 'owner', expires_in: 3600 }),
    };
    const admin = getDatabase(adminApp({ credential }));
    expect(JSON.parse(await admin.getRules())).toEqual(RULES);
    const open = { rules: { '.read': true, '.write': true } };
    await admin.setRules(JSON.stringify(open));
    expect(JSON.parse(await admin.getRules())).toEqual(open);
    expect((await get(ref(db.client(), 'anything'))).exists()).toBe(false);
  });
});
