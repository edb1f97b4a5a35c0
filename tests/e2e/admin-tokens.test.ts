import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import {
  adminEntrySchema,
  groupSchema,
  outboxEntrySchema,
  paths,
  userSchema,
} from '../../functions/src/contracts/index.js';
import { fixtureBytes, openMemberChat } from './support/chat.ts';
import { adminApi } from './support/admin-api.ts';
import { eventually, ownerDatabase, signIn } from './support/clients.ts';
import { deviceToken, mirrorDevices, registerAppUser, type TestUser } from './support/users.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

// Each admin's web push token is kept in their own realtime entry, written so that a page load
// cannot lose it, and a chat message pushes to every admin's browser. Against the emulators the
// browser's token is its profile's stand-in (there is no FCM), made and kept by the app itself:
// the tests read it from the page and follow it through the database and the push outbox.
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);
const APP_USER_PASSWORD = 'fuel-user-2024';
let seedAdminId: string;

beforeAll(async () => {
  seedAdminId = String((await admin.login()).user.id);
});

afterAll(async () => {
  await owner.close();
});

/** The push token the signed-in app keeps for this browser (in the stored session). */
async function browserToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('userDetails'));
  return z.object({ deviceToken: z.string() }).parse(JSON.parse(stored ?? '{}')).deviceToken;
}

/** An entry of the database, parsed as the admin entry it must be (undefined while missing). */
async function entryAt(at: string) {
  const value: unknown = (await owner.db.ref(at).get()).val();
  return value === null ? undefined : adminEntrySchema.parse(value);
}

/** Waits until the admin's own entry holds `token`, and returns it. */
const ownEntryHolding = (uid: string, token: string) =>
  eventually(
    async () => {
      const entry = await entryAt(paths.adminEntry(uid));
      return entry?.deviceToken === token ? entry : undefined;
    },
    `admins/${uid} holding ${token}`,
    30_000,
  );

describe("an admin's push token", () => {
  test('is in their entries after a full page load right after signing in, and outlives a sign-out', async ({
    page,
    openPage,
  }) => {
    // `admin` names the last admin to sign in, and on this shared stack another admin may have
    // been last: this admin first signs in on another browser, so the entry names them.
    const earlier = await openPage();
    await signIn(earlier, stack);
    await eventually(
      async () => ((await entryAt(paths.admin()))?.id === seedAdminId ? true : undefined),
      'the admin entry naming this admin',
    );
    await earlier.close();
    await signIn(page, stack);
    // The app has just opened: the Firebase sign-in and the entries' write are still on
    // their way when the page goes.
    await page.reload();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('All Users');
    const token = await browserToken(page);
    expect(token).toMatch(/^emulator-web-/);

    const own = await ownEntryHolding(seedAdminId, token);
    expect(own).toMatchObject({ id: seedAdminId, email: stack.admin.email });
    await eventually(
      async () => ((await entryAt(paths.admin()))?.deviceToken === token ? true : undefined),
      'the admin entry holding the token',
    );
    expect(await entryAt(paths.admin())).toMatchObject({ id: seedAdminId });

    // Signing out clears local storage; the browser's token is the same at the next sign-in.
    await page.goto(`${stack.urls.app}/logout`);
    await page.waitForURL('**/auth/login');
    await signIn(page, stack);
    expect(await browserToken(page)).toBe(token);
  });
});

describe('two admins signed in at once', () => {
  let secondAdmin: TestUser;
  let member: TestUser;
  let groupId: string;
  const upstream = () => new Database(path.join(stack.dataDir, 'api', 'api.sqlite'));

  beforeAll(async () => {
    // A second admin: an account registered as the mobile app does, made admin upstream.
    secondAdmin = await registerAppUser(stack, 'Second admin');
    const db = upstream();
    try {
      db.prepare('UPDATE users SET role = ? WHERE email = ?').run('admin', secondAdmin.email);
    } finally {
      db.close();
    }

    member = await registerAppUser(stack, 'Chat member', [deviceToken('member')]);
    await mirrorDevices(admin, owner.db, member);
    const form = new FormData();
    form.append('name', `E2E admin tokens ${randomUUID().slice(0, 8)}`);
    form.append('image', new Blob([fixtureBytes('group.png')], { type: 'image/png' }), 'group.png');
    groupId = String(
      (await admin.call('/admin/groups', groupSchema, { method: 'POST', body: form })).body.payload
        .id,
    );
    const assign = new FormData();
    assign.append('user_ids[0]', String(member.id));
    await admin.call(`/admin/groups/${groupId}/assign-users`, z.array(userSchema), {
      method: 'POST',
      body: assign,
    });
    await eventually(
      async () =>
        (await owner.db.ref(`${paths.groupMembers(groupId)}/${member.id}`).get()).val() === true
          ? true
          : undefined,
      'the member mirror',
    );
  });

  afterAll(async () => {
    if (groupId) {
      await admin.call(`/admin/groups/${groupId}`, z.unknown(), { method: 'DELETE' });
    }
    // Back to an app user, then gone: no other file meets an account holding a browser's token.
    const db = upstream();
    try {
      db.prepare('UPDATE users SET role = ? WHERE email = ?').run('user', secondAdmin.email);
    } finally {
      db.close();
    }
    await admin.call(`/admin/user/${secondAdmin.id}`, z.unknown(), {
      method: 'DELETE',
    });
    await owner.db.ref(paths.adminEntry(String(secondAdmin.id))).remove();
  });

  test("both get a member's chat message on their own browser", async ({ openPage }) => {
    const first = await openPage();
    const second = await openPage();
    const chat = await openMemberChat(openPage, stack, {
      uid: String(member.id),
      name: member.name,
      groupId,
    });
    await signIn(first, stack);
    await signIn(second, stack, secondAdmin.email, APP_USER_PASSWORD);
    const tokens = [await browserToken(first), await browserToken(second)];
    expect(tokens[0]).not.toBe(tokens[1]);
    // The second sign-in took the `admin` entry; the first admin keeps their own.
    await ownEntryHolding(seedAdminId, tokens[0] ?? '');
    await ownEntryHolding(String(secondAdmin.id), tokens[1] ?? '');

    const messageId = await chat.reply('Is the car wash open on Sunday?');
    const pushed = await eventually(
      async () => {
        const outbox = z
          .record(z.string(), outboxEntrySchema)
          .parse((await owner.db.ref(paths.outbox()).get()).val() ?? {});
        const sent = Object.values(outbox)
          .filter((entry) => entry.data?.messageId === messageId)
          .map((entry) => entry.token);
        return tokens.every((t) => sent.includes(t)) ? sent : undefined;
      },
      "the chat push to both admins' browsers",
      30_000,
    );
    for (const admin of tokens) expect(pushed.filter((t) => t === admin)).toHaveLength(1);
  });
});
