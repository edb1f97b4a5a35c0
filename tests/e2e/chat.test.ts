import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import {
  connectDatabaseEmulator,
  getDatabase,
  push,
  ref,
  serverTimestamp,
  set,
} from 'firebase/database';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import {
  chatMessageSchema,
  chatUploadSchema,
  envelopeSchema,
  groupSchema,
  paths,
  userSchema,
  type ChatMessage,
} from '../../functions/src/contracts/index.js';
import {
  fixture,
  fixtureBytes,
  mintMemberToken,
  openMemberChat,
  seedConversation,
} from './support/chat.ts';
import { adminApi } from './support/admin-api.ts';
import { eventually, ownerDatabase, signIn } from './support/clients.ts';
import { describe, expect, inject, PHONE, REFUSED_REQUEST, test } from './support/fixtures.ts';

// The group chat as an admin and a member live it, in two browsers at once.
const stack = inject('stack');
const owner = ownerDatabase(stack);
// Named `api`: `admin` below is this same admin as the chat's sender.
const api = adminApi(stack);
let groupId: string;
let member: { uid: string; name: string };
/** The signed-in admin, as the chat's sender of their own messages. */
let admin: { uid: string; name: string };
/** Groups a test made besides the main one; deleted at the end. */
const extraGroups: string[] = [];

const MEMBER_EMAIL = 'olivia.martinez@example.com';
/** Every message carries exactly these, as the mobile apps write them. */
const SPEC_FIELDS = [
  'senderUID',
  'receiverUID',
  'message',
  'url',
  'type',
  'thumbnail',
  'filetype',
  'filename',
  'userType',
  'messageID',
  'senderUserName',
  'deleteAbleId',
  'thumbnailID',
  'timeStamp',
];

beforeAll(async () => {
  const { user } = await api.login();
  admin = { uid: String(user.id), name: user.name };
  // A group of its own (nobody else's test touches it), with an image and two members.
  groupId = await createGroup('E2E chat');
  const users = (await api.call('/admin/user', z.array(userSchema))).body.payload;
  const olivia = users.find((user) => user.email === MEMBER_EMAIL);
  const other = users.find((user) => user.email !== MEMBER_EMAIL);
  if (!olivia || !other) throw new Error('the seed has no app users');
  member = { uid: String(olivia.id), name: olivia.name };
  const members = new FormData();
  members.append('user_ids[0]', String(olivia.id));
  members.append('user_ids[1]', String(other.id));
  await api.call(`/admin/groups/${groupId}/assign-users`, z.array(userSchema), {
    method: 'POST',
    body: members,
  });
  // The api function mirrors the members just after answering; the member's reads need it.
  await eventually(
    async () =>
      (await owner.db.ref(`${paths.groupMembers(groupId)}/${member.uid}`).get()).val() === true
        ? true
        : undefined,
    'the member mirror',
  );
});

afterAll(async () => {
  // The group goes again (its chat history stays in the database, as the product keeps it).
  for (const id of [groupId, ...extraGroups].filter(Boolean)) {
    await api.call(`/admin/groups/${id}`, z.unknown(), { method: 'DELETE' });
  }
  await owner.close();
});

/** A new group with an image (and no members yet); its id. */
async function createGroup(prefix: string): Promise<string> {
  const form = new FormData();
  form.append('name', `${prefix} ${randomUUID().slice(0, 8)}`);
  form.append('image', new Blob([fixtureBytes('group.png')], { type: 'image/png' }), 'group.png');
  const group = await api.call('/admin/groups', groupSchema, {
    method: 'POST',
    body: form,
  });
  return String(group.body.payload.id);
}

async function storedMessages(id = groupId): Promise<ChatMessage[]> {
  const value: unknown = (await owner.db.ref(paths.groupChat(id)).get()).val();
  return Object.values(z.record(z.string(), chatMessageSchema).parse(value ?? {})).sort(
    (a, b) => a.timeStamp - b.timeStamp,
  );
}

async function attach(
  page: Page,
  kind: 'file' | 'image' | 'video',
  file: string | { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByTestId('attach').click();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId(`attach-${kind}`).click(),
  ]);
  await chooser.setFiles(typeof file === 'string' ? fixture(file) : file);
}

const adminMessages = (page: Page) => page.getByTestId('chat-message');

describe('the group chat', () => {
  test('sends an admin to the groups, with a message, when the group does not exist', async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/chats/987654321`);
    await page.waitForURL('**/chat-groups');
    await page.getByText('That group does not exist').waitFor();
  });

  test('carries text, images, files and videos live between the admin and a member, both ways, and deletes them everywhere', async ({
    page,
    openPage,
  }) => {
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/chats/${groupId}`);
    await expect
      .poll(() => page.getByTestId('composer-input').isEnabled(), { timeout: 20_000 })
      .toBe(true);
    await page.getByText('No messages yet').waitFor();
    const memberChat = await openMemberChat(openPage, stack, { ...member, groupId });

    // Text: Enter sends, Shift+Enter makes a new line, blank text is ignored.
    const hello = `Diesel is down 10 cents today ${randomUUID().slice(0, 6)}`;
    const box = page.getByTestId('composer-input');
    await box.fill(hello);
    await box.press('Enter');
    await expect.poll(() => adminMessages(page).count()).toBe(1);
    await expect
      .poll(async () => (await memberChat.messages()).some((m) => m.text.endsWith(hello)))
      .toBe(true);
    await box.fill('first line');
    await box.press('Shift+Enter');
    await box.type('second line');
    await box.press('Enter');
    await box.fill('   ');
    await box.press('Enter');
    await expect.poll(() => adminMessages(page).count()).toBe(2);
    await expect.poll(async () => (await memberChat.messages()).length).toBe(2);
    const texts = (await storedMessages()).map((m) => m.message);
    expect(texts).toEqual([hello, 'first line\nsecond line']);

    // An image: uploaded with the upload menu, shown to both, stored as an absolute URL.
    await attach(page, 'image', 'station.jpg');
    await expect
      .poll(async () => (await memberChat.messages()).map((m) => m.type))
      .toContain('image');
    await page.getByTestId('message-image').waitFor();
    // A file with a long name: cut at 20 characters, with a download link.
    await attach(page, 'file', {
      name: 'monthly-fuel-price-report-2025.pdf',
      mimeType: 'application/pdf',
      buffer: fixtureBytes('fuel-report.pdf'),
    });
    await expect
      .poll(async () => (await memberChat.messages()).map((m) => m.type))
      .toContain('file');
    await expect
      .poll(() => page.getByTestId('file-name').textContent())
      .toBe('monthly-fuel-price-r…');
    // A video of 3 s: its cover (the frame at 1.5 s) is uploaded too.
    await attach(page, 'video', 'drive-3s.mp4');
    await expect
      .poll(async () => (await memberChat.messages()).map((m) => m.type), { timeout: 30_000 })
      .toContain('video');
    // A video under 1.5 s and a type outside the list are refused with a clear message.
    await attach(page, 'video', 'drive-1s.mp4');
    await page.getByText('The video is too short: it must be at least 1.5 seconds long.').waitFor();
    await attach(page, 'file', {
      name: 'setup.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await page.getByText('This file type cannot be sent.', { exact: false }).waitFor();

    const stored = await storedMessages();
    expect(stored.map((m) => m.type)).toEqual(['message', 'message', 'image', 'file', 'video']);
    // The fields as the database holds them: parsing would drop any extra one.
    const raw = (await owner.db.ref(paths.groupChat(groupId)).get()).val() as Record<
      string,
      object
    >;
    for (const message of Object.values(raw)) {
      expect(Object.keys(message).sort()).toEqual([...SPEC_FIELDS].sort());
    }
    for (const message of stored) {
      expect(message).toMatchObject({ userType: 'admin', receiverUID: groupId });
      expect(message.senderUID).toMatch(/^\d+$/);
    }
    const [, , image, file, video] = stored as [
      ChatMessage,
      ChatMessage,
      ChatMessage,
      ChatMessage,
      ChatMessage,
    ];
    expect(image.url.startsWith(`${stack.urls.app}/api/files/`)).toBe(true);
    expect(file).toMatchObject({
      filename: 'monthly-fuel-price-report-2025.pdf',
      filetype: 'application/pdf',
    });
    expect(video.thumbnail.startsWith(`${stack.urls.app}/api/files/`)).toBe(true);
    expect(video.thumbnailID).toMatch(/^\d+$/);
    const cover = await fetch(video.thumbnail);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect((await fetch(file.url)).status).toBe(200);
    expect((await fetch(video.url)).status).toBe(200);

    // The member replies; the admin sees it arrive, from the member, on the left.
    const reply = `Thanks, filling up now ${randomUUID().slice(0, 6)}`;
    await memberChat.reply(reply);
    const replied = page.getByTestId('chat-message').filter({ hasText: reply });
    await replied.waitFor();
    await expect.poll(() => replied.getByTestId('message-sender').textContent()).toBe(member.name);
    await expect.poll(() => page.getByTestId('message-count').textContent()).toBe('6 messages');

    // Deleting the video removes it for both, and its file and cover are gone upstream.
    const videoRow = page.locator(`[data-message-id="${video.messageID}"]`);
    await videoRow.hover();
    await videoRow.getByTestId('delete-message').click();
    const dialog = page.getByTestId('delete-message-dialog');
    await dialog.getByText('Are you sure you want to Delete?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Deleted Successfully').waitFor();
    await videoRow.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await memberChat.messages()).map((m) => m.id))
      .not.toContain(video.messageID);
    expect((await storedMessages()).map((m) => m.messageID)).not.toContain(video.messageID);
    await expect.poll(async () => (await fetch(video.url)).status).toBe(404);
    await expect.poll(async () => (await fetch(video.thumbnail)).status).toBe(404);

    // The member's own message can be deleted by the admin too.
    const memberRow = page.getByTestId('chat-message').filter({ hasText: reply });
    await memberRow.hover();
    await memberRow.getByTestId('delete-message').click();
    await page.getByTestId('delete-message-dialog').getByRole('button', { name: 'Delete' }).click();
    await memberRow.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await memberChat.messages()).some((m) => m.text.endsWith(reply)))
      .toBe(false);
  });
});

/** An upload to the upstream's POST /chats straight from a client, as the mobile apps do. */
async function uploadAs(upstreamToken: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([fixtureBytes('station.jpg')], { type: 'image/jpeg' }), name);
  const reply = await fetch(`${stack.urls.api}/chats`, {
    method: 'POST',
    headers: { authorization: `Bearer ${upstreamToken}` },
    body: form,
  });
  return envelopeSchema(chatUploadSchema).parse(await reply.json()).payload;
}

/** An image message in a group, written with the web SDK signed in as an app user. */
async function postImageAs(
  uid: string,
  group: string,
  fields: { url: string; deleteAbleId: string; senderUserName: string },
): Promise<string> {
  const app = initializeApp(
    {
      apiKey: 'fake-api-key',
      projectId: stack.projectId,
      databaseURL: `https://${stack.rtdb.namespace}.firebaseio.com`,
    },
    randomUUID(),
  );
  try {
    const auth = getAuth(app);
    connectAuthEmulator(auth, stack.urls.auth, { disableWarnings: true });
    await signInWithCustomToken(auth, await mintMemberToken(stack, uid));
    const db = getDatabase(app);
    connectDatabaseEmulator(db, stack.rtdb.host, stack.rtdb.port);
    const entry = push(ref(db, paths.groupChat(group)));
    const key = entry.key ?? '';
    await set(entry, {
      senderUID: uid,
      receiverUID: group,
      message: '',
      type: 'image',
      thumbnail: '',
      filetype: 'image/jpeg',
      filename: 'station.jpg',
      userType: 'user',
      messageID: key,
      thumbnailID: '',
      timeStamp: serverTimestamp(),
      ...fields,
    });
    return key;
  } finally {
    await deleteApp(app);
  }
}

/** Deletes a message in the admin's chat screen and waits for its row to go. */
async function deleteInChat(page: Page, messageId: string) {
  const row = page.locator(`[data-message-id="${messageId}"]`);
  await row.hover();
  await row.getByTestId('delete-message').click();
  await page.getByTestId('delete-message-dialog').getByRole('button', { name: 'Delete' }).click();
  await row.waitFor({ state: 'detached' });
}

describe('deleting a member’s message', () => {
  test('takes its own upload with it, but never an upload another group’s message names', async ({
    page,
  }) => {
    const memberLogin = await fetch(`${stack.urls.api}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: MEMBER_EMAIL, password: 'fuel-user-2024' }),
    });
    const memberToken = z
      .object({ payload: z.object({ token: z.string() }) })
      .parse(await memberLogin.json()).payload.token;

    // Another group's image, uploaded and posted there by its admin.
    const otherGroup = await createGroup('E2E other chat');
    extraGroups.push(otherGroup);
    const theirs = (
      await api.call('/chats', chatUploadSchema, {
        method: 'POST',
        body: (() => {
          const form = new FormData();
          form.append(
            'file',
            new Blob([fixtureBytes('station.jpg')], { type: 'image/jpeg' }),
            'theirs.jpg',
          );
          return form;
        })(),
      })
    ).body.payload;
    const theirUrl = `${stack.urls.app}${theirs.file.original_url}`;
    const theirMessage = owner.db.ref(paths.groupChat(otherGroup)).push();
    await theirMessage.set({
      senderUID: admin.uid,
      receiverUID: otherGroup,
      message: '',
      url: theirUrl,
      type: 'image',
      thumbnail: '',
      filetype: 'image/jpeg',
      filename: 'theirs.jpg',
      userType: 'admin',
      messageID: theirMessage.key,
      senderUserName: admin.name,
      deleteAbleId: String(theirs.id),
      thumbnailID: '',
      timeStamp: Date.now(),
    });
    await eventually(
      async () =>
        (await owner.db.ref(paths.chatUploads(String(theirs.id))).get()).exists()
          ? true
          : undefined,
      'the upload index of the other group’s message',
    );

    // In the admin's group the member posts one image of their own and one naming that upload.
    const own = await uploadAs(memberToken, 'mine.jpg');
    const ownMessage = await postImageAs(member.uid, groupId, {
      url: own.file.original_url,
      deleteAbleId: String(own.id),
      senderUserName: member.name,
    });
    const forged = await postImageAs(member.uid, groupId, {
      url: theirUrl,
      deleteAbleId: String(theirs.id),
      senderUserName: member.name,
    });
    const ownFile = `${stack.urls.app}/api/files${new URL(own.file.original_url).pathname}`;
    expect((await fetch(ownFile)).status).toBe(200);
    await signIn(page, stack);
    await openChat(page, groupId);
    await deleteInChat(page, forged);
    await page
      .getByText('The message was deleted. Its file was kept: another message names it too.')
      .waitFor();
    expect((await fetch(theirUrl)).status).toBe(200);

    await deleteInChat(page, ownMessage);
    await expect.poll(async () => (await fetch(ownFile)).status).toBe(404);
    expect((await storedMessages()).map((m) => m.messageID)).not.toContain(ownMessage);
  });
});

/** Opens a group's chat as the admin and waits until it can be written in. */
async function openChat(page: Page, id: string) {
  await page.goto(`${stack.urls.app}/chats/${id}`);
  await expect
    .poll(() => page.getByTestId('composer-input').isEnabled(), { timeout: 20_000 })
    .toBe(true);
}

/** Whether the message saying `text` lies wholly inside the history's visible area. */
async function inView(page: Page, text: string): Promise<boolean> {
  const row = page
    .getByTestId('chat-message')
    .filter({ has: page.getByText(text, { exact: true }) });
  if ((await row.count()) !== 1) return false;
  const [box, view] = await Promise.all([
    row.boundingBox(),
    page.getByTestId('chat-scroll').boundingBox(),
  ]);
  return (
    box !== null &&
    view !== null &&
    box.y >= view.y - 1 &&
    box.y + box.height <= view.y + view.height + 1
  );
}

describe('a long conversation', () => {
  test('opens at the newest message; scrolling up loads the older pages down to the first; the scroll-down button brings the newest back', async ({
    page,
  }) => {
    const id = await createGroup('E2E long chat');
    extraGroups.push(id);
    await seedConversation(stack, owner.db, id, 120, { ...admin, userType: 'admin' });
    await signIn(page, stack);
    await openChat(page, id);
    const count = page.getByTestId('message-count');
    const scrollDown = page.getByTestId('scroll-down');
    // The newest page only (50 of 120), at the bottom, with no scroll-down button; the header
    // counts all 120 all the same.
    await expect.poll(() => count.textContent()).toBe('120 messages');
    await expect.poll(() => inView(page, 'Seeded message 120')).toBe(true);
    expect(await page.getByText('Seeded message 70', { exact: true }).count()).toBe(0);
    expect(await scrollDown.isVisible()).toBe(false);

    // Scrolling up with the wheel: the older pages arrive one at a time (the history says it is
    // busy once per page: 50 more, then the last 20), down to the first message.
    const history = page.getByTestId('chat-scroll');
    await history.evaluate((element) => {
      const busy: number[] = [];
      Object.assign(window, { olderPageLoads: busy });
      new MutationObserver(() => {
        if (element.getAttribute('aria-busy') === 'true') busy.push(Date.now());
      }).observe(element, { attributes: true, attributeFilter: ['aria-busy'] });
    });
    await history.hover();
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, -1000);
          return inView(page, 'Seeded message 1');
        },
        { timeout: 45_000, interval: 250 },
      )
      .toBe(true);
    await expect.poll(() => scrollDown.isVisible()).toBe(true);
    expect(await count.textContent()).toBe('120 messages');
    expect(
      await page.evaluate(() => (window as unknown as { olderPageLoads: number[] }).olderPageLoads),
    ).toHaveLength(2);
    await page.getByText('This is the beginning of the conversation').waitFor();
    expect(await scrollDown.isVisible()).toBe(true);

    // The button takes the view back down to the newest message, and goes.
    await scrollDown.click();
    await expect.poll(() => inView(page, 'Seeded message 120')).toBe(true);
    await scrollDown.waitFor({ state: 'detached' });
  }, 120_000);

  test('fits a phone: a text is sent at 390x844 with nothing wider than the screen', async ({
    openPage,
  }) => {
    const id = await createGroup('E2E phone chat');
    extraGroups.push(id);
    await seedConversation(stack, owner.db, id, 30, { ...admin, userType: 'admin' });
    const page = await openPage({ viewport: PHONE });
    const pageWidth = () => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    const withinScreen = async (testId: string) => {
      const box = await page.getByTestId(testId).boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 390 && box.y + box.height <= 844;
    };
    await signIn(page, stack);
    await openChat(page, id);
    const text = `From the forecourt ${randomUUID().slice(0, 6)}`;
    const box = page.getByTestId('composer-input');
    await box.fill(text);
    await page.getByTestId('send').click();
    await expect.poll(() => inView(page, text)).toBe(true);
    await expect.poll(() => page.getByTestId('message-count').textContent()).toBe('31 messages');
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    expect(await box.isVisible()).toBe(true);
    expect(await withinScreen('composer-input')).toBe(true);
    expect(await withinScreen('send')).toBe(true);
    expect(await withinScreen('attach')).toBe(true);
    // Each message names its sender in full (at 80% of the row every name was cut).
    const sender = page
      .getByTestId('chat-message')
      .filter({ has: page.getByText(text, { exact: true }) })
      .getByTestId('message-sender');
    expect(await sender.textContent()).toBe(admin.name);
    expect(await sender.evaluate((name) => name.scrollWidth <= name.clientWidth)).toBe(true);

    // Scrolled up, the scroll-down button is on screen and brings the new text back.
    await page.getByTestId('chat-scroll').hover();
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, -800);
          return page.getByTestId('scroll-down').isVisible();
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    expect(await withinScreen('scroll-down')).toBe(true);
    expect(await inView(page, text)).toBe(false);
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    await page.getByTestId('scroll-down').click();
    await expect.poll(() => inView(page, text)).toBe(true);
    expect(
      (await storedMessages(id)).filter((m) => m.message === text).map((m) => m.senderUID),
    ).toEqual([admin.uid]);
  });
});
