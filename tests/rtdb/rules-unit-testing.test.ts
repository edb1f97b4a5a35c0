/**
 * @firebase/rules-unit-testing@5 unchanged: initializeTestEnvironment loads the rules through
 * /.settings/rules.json, clearDatabase and withSecurityRulesDisabled use the owner credential,
 * contexts carry mock ID tokens.
 */
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startDatabase, uniqueNamespace, type TestDatabase } from './support.js';

const FILE_RULES = { rules: { '.read': false, '.write': false } };
const TEST_RULES = JSON.stringify({
  rules: {
    notificationsAlert: {
      '.read': "auth != null && auth.token.role === 'admin'",
      $id: {
        '.write': "auth != null && auth.token.role === 'admin'",
        '.validate': "newData.hasChildren(['title', 'timeStamp'])",
      },
    },
    users: { $uid: { '.read': 'auth != null && auth.uid === $uid' } },
  },
});

let db: TestDatabase;
let env: RulesTestEnvironment;
beforeEach(async () => {
  db = await startDatabase(FILE_RULES);
  // rules-unit-testing uses the project id as the namespace: one per test.
  env = await initializeTestEnvironment({
    projectId: uniqueNamespace(),
    database: { host: db.host, port: db.port, rules: TEST_RULES },
  });
});
afterEach(async () => {
  await env.cleanup();
  await db.close();
});

describe('@firebase/rules-unit-testing', () => {
  it('applies the rules it loads, per identity context', async () => {
    const admin = env.authenticatedContext('ada', { role: 'admin' }).database();
    const user = env.authenticatedContext('bob', { role: 'user' }).database();
    const anonymous = env.unauthenticatedContext().database();

    await assertSucceeds(admin.ref('notificationsAlert/a1').set({ title: 'Hi', timeStamp: 1 }));
    await assertSucceeds(admin.ref('notificationsAlert').get());
    await assertFails(admin.ref('notificationsAlert/a2').set({ title: 'no time' }));
    await assertFails(user.ref('notificationsAlert/a3').set({ title: 'Hi', timeStamp: 1 }));
    await assertFails(user.ref('notificationsAlert').get());
    await assertFails(anonymous.ref('notificationsAlert').get());
    await assertFails(anonymous.ref('users/bob').get());
    await assertSucceeds(user.ref('users/bob').get());
  });

  it('withSecurityRulesDisabled writes past the rules; clearDatabase empties the namespace', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await context.database().ref('users/bob').set({ name: 'Bob' });
      await context.database().ref('outbox/x').set({ token: 't' });
    });
    const user = env.authenticatedContext('bob').database();
    expect((await assertSucceeds(user.ref('users/bob').get())).val()).toEqual({ name: 'Bob' });

    await env.clearDatabase();
    await env.withSecurityRulesDisabled(async (context) => {
      expect((await context.database().ref().get()).exists()).toBe(false);
    });
  });

  it('assertFails sees the PERMISSION_DENIED of a denied write, assertSucceeds rejects it', async () => {
    const user = env.authenticatedContext('bob', { role: 'user' }).database();
    const denied = await assertFails(
      user.ref('notificationsAlert/a1').set({ title: 'x', timeStamp: 1 }),
    );
    expect(String((denied as { code?: string }).code)).toMatch(/permission.denied/i);
    await expect(
      assertSucceeds(user.ref('notificationsAlert/a1').set({ title: 'x', timeStamp: 1 })),
    ).rejects.toThrow();
  });
});
