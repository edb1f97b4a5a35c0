import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import {
  connectDatabaseEmulator,
  getDatabase,
  push,
  ref,
  serverTimestamp,
  set,
  update,
  type Database,
} from 'firebase/database';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import {
  adminEntrySchema,
  groupSchema,
  API_PREFIX,
  SIGN_OUT_PATH,
  outboxEntrySchema,
  paths,
  userSchema,
} from '../../functions/src/contracts/index.js';
import { fixtureBytes, openMemberChat } from './support/chat.ts';
import { adminApi } from './support/admin-api.ts';
import { eventually, ownerDatabase } from './support/clients.ts';
import { deviceToken, mirrorDevices, registerAppUser, type TestUser } from './support/users.ts';
import { describe, expect, inject, it, test } from './support/fixtures.ts';

// A new group chat message, written through the web SDK under the rules, runs the
// onChatMessageCreated trigger, whose recording sender fills the outbox: one push per device
// of every member but the sender, and every admin's web device but the sender's.
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);
let groupId: string;
/** Sender (two phones), and two other members (two phones, one phone). */
let sender: TestUser;
let others: TestUser[];
/** The admin's own web SDK session, as the back-office holds it. */
let adminApp: FirebaseApp;
let adminDb: Database;
let adminUid: string;
const ADMIN_WEB_TOKEN = deviceToken('admin-web');
/** The admin entries before this file wrote its own, put back afterwards. */
let previousAdminEntry: unknown = null;
let previousAdminEntries: unknown = null;

beforeAll(async () => {
  const { user, firebaseToken } = await admin.login();

  // The admin signs in to Firebase with the exchanged token and writes the admin entries with
  // a web push token, as the back-office does at sign-in.
  adminApp = initializeApp(
    {
      apiKey: 'e2e-admin',
      projectId: stack.projectId,
      databaseURL: `https://${stack.rtdb.namespace}.firebaseio.com`,
    },
    `admin-${randomUUID()}`,
  );
  const auth = getAuth(adminApp);
  connectAuthEmulator(auth, stack.urls.auth, { disableWarnings: true });
  adminUid = (await signInWithCustomToken(auth, firebaseToken ?? '')).user.uid;
  adminDb = getDatabase(adminApp);
  connectDatabaseEmulator(adminDb, stack.rtdb.host, stack.rtdb.port);
  previousAdminEntry = (await owner.db.ref(paths.admin()).get()).val();
  previousAdminEntries = (await owner.db.ref(paths.admins()).get()).val();
  // The only admin here: browsers other files signed in leave their tokens in `admins`.
  await owner.db.ref(paths.admins()).remove();
  const entry = adminEntrySchema.parse({
    id: adminUid,
    name: user.name,
    email: user.email,
    image: '',
    deviceToken: ADMIN_WEB_TOKEN,
    lastLogin: Date.now(),
  });
  await update(ref(adminDb), { [paths.admin()]: entry, [paths.adminEntry(adminUid)]: entry });

  // App users of this file's own, their devices mirrored, in a group of this file's own.
  sender = await registerAppUser(stack, 'Chat sender', [deviceToken('s1'), deviceToken('s2')]);
  others = [
    await registerAppUser(stack, 'Chat reader', [deviceToken('r1'), deviceToken('r2')]),
    await registerAppUser(stack, 'Chat reader', [deviceToken('r3')]),
  ];
  const members = [sender, ...others];
  for (const member of members) await mirrorDevices(admin, owner.db, member);

  const form = new FormData();
  form.append('name', `E2E chat push ${randomUUID().slice(0, 8)}`);
  form.append('image', new Blob([fixtureBytes('group.png')], { type: 'image/png' }), 'group.png');
  groupId = String(
    (await admin.call('/admin/groups', groupSchema, { method: 'POST', body: form })).body.payload
      .id,
  );
  const assign = new FormData();
  members.forEach((member, index) => assign.append(`user_ids[${index}]`, String(member.id)));
  await admin.call(`/admin/groups/${groupId}/assign-users`, z.array(userSchema), {
    method: 'POST',
    body: assign,
  });
  await eventually(async () => {
    const mirrored: unknown = (await owner.db.ref(paths.groupMembers(groupId)).get()).val();
    return members.every((m) => (mirrored as Record<string, unknown> | null)?.[m.id] === true)
      ? true
      : undefined;
  }, 'the member mirror');
});

afterAll(async () => {
  if (groupId) {
    await admin.call(`/admin/groups/${groupId}`, z.unknown(), { method: 'DELETE' });
  }
  await owner.db.ref(paths.admin()).set(previousAdminEntry);
  await owner.db.ref(paths.admins()).set(previousAdminEntries);
  await deleteApp(adminApp);
  await owner.close();
});

/** The tokens the outbox holds for one chat message, sorted (a token twice is listed twice). */
async function chatPushesFor(messageId: string): Promise<string[]> {
  const outbox = z
    .record(z.string(), outboxEntrySchema)
    .parse((await owner.db.ref(paths.outbox()).get()).val() ?? {});
  return Object.values(outbox)
    .filter((entry) => entry.data?.type === 'chat' && entry.data.messageId === messageId)
    .map((entry) => entry.token)
    .sort();
}

/** Waits until at least `count` pushes for the message are in the outbox, and returns them. */
const pushesOnce = (messageId: string, count: number) =>
  eventually(
    async () => {
      const tokens = await chatPushesFor(messageId);
      return tokens.length >= count ? tokens : undefined;
    },
    `${count} chat pushes for ${messageId}`,
    30_000,
  );

describe('a new group chat message', () => {
  test("from an app user pushes once to every other member's device and to the admin's web device, never to the sender", async ({
    openPage,
  }) => {
    const session = await openMemberChat(openPage, stack, {
      uid: String(sender.id),
      name: sender.name,
      groupId,
    });
    const messageId = await session.reply('Is the station on Main Street open tonight?');
    const expected = [...others.flatMap((other) => other.devices), ADMIN_WEB_TOKEN].sort();
    const pushed = await pushesOnce(messageId, expected.length);
    expect(pushed).toEqual(expected);
    expect(pushed.filter((t) => sender.devices.includes(t))).toEqual([]);

    const outbox = z
      .record(z.string(), outboxEntrySchema)
      .parse((await owner.db.ref(paths.outbox()).get()).val());
    const one = Object.values(outbox).find((entry) => entry.data?.messageId === messageId);
    expect(one?.notification.body).toBe(
      `${sender.name}: Is the station on Main Street open tonight?`,
    );
    expect(one?.data).toMatchObject({ type: 'chat', groupId, senderUID: String(sender.id) });
  });

  it("from the admin pushes once to every member's device, not to the admin's own", async () => {
    const entry = push(ref(adminDb, paths.groupChat(groupId)));
    const messageId = entry.key ?? '';
    await set(entry, {
      senderUID: adminUid,
      receiverUID: groupId,
      message: 'Yes, until midnight.',
      url: '',
      type: 'message',
      thumbnail: '',
      filetype: '',
      filename: '',
      userType: 'admin',
      messageID: messageId,
      senderUserName: 'Admin',
      deleteAbleId: '',
      thumbnailID: '',
      timeStamp: serverTimestamp(),
    });
    const expected = [sender, ...others].flatMap((member) => member.devices).sort();
    const pushed = await pushesOnce(messageId, expected.length);
    expect(pushed).toEqual(expected);
    expect(pushed).not.toContain(ADMIN_WEB_TOKEN);
  });

  // Last here: the sign-out ends this file's admin session.
  test("pushes nothing to an admin's browser once it has signed out", async ({ openPage }) => {
    const idToken = (await getAuth(adminApp).currentUser?.getIdToken()) ?? '';
    // Sessions other files opened for the same admin are still live: the browser's own push
    // token must go all the same.
    const reply = await fetch(`${stack.urls.app}${API_PREFIX}${SIGN_OUT_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken, deviceToken: ADMIN_WEB_TOKEN }),
    });
    expect(reply.status).toBe(200);
    const entry = await owner.db.ref(paths.adminEntry(adminUid)).get();
    expect(adminEntrySchema.parse(entry.val()).deviceToken).toBe('');

    const session = await openMemberChat(openPage, stack, {
      uid: String(sender.id),
      name: sender.name,
      groupId,
    });
    const messageId = await session.reply('Is anyone still at the office?');
    const expected = others.flatMap((other) => other.devices).sort();
    expect(await pushesOnce(messageId, expected.length)).toEqual(expected);
  });
});
