import { randomUUID } from 'node:crypto';
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import {
  alertSchema,
  chatMessageSchema,
  groupSchema,
  paths,
  type ChatMessage,
} from '../../functions/src/contracts/index.js';
import { fixtureBytes } from './support/chat.ts';
import { adminApi } from './support/admin-api.ts';
import { eventually, ownerDatabase, signIn } from './support/clients.ts';
import {
  deviceToken,
  mirrorDevices,
  registerAppUser,
  rowWith,
  searchOne,
} from './support/users.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

// The chat while the database connection is down: what the admin sends waits, visibly and
// across a reload, and goes out once when the connection returns. Pushes are refused instead.
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);
let groupId: string;

beforeAll(async () => {
  const form = new FormData();
  form.append('name', `E2E offline chat ${randomUUID().slice(0, 8)}`);
  form.append('image', new Blob([fixtureBytes('group.png')], { type: 'image/png' }), 'group.png');
  const group = await admin.call('/admin/groups', groupSchema, {
    method: 'POST',
    body: form,
  });
  groupId = String(group.body.payload.id);
});

afterAll(async () => {
  if (groupId) {
    await admin.call(`/admin/groups/${groupId}`, z.unknown(), { method: 'DELETE' });
  }
  await owner.close();
});

/**
 * The page's Realtime Database connection runs through here, so a test can take the database
 * away as an outage does: open connections drop and new ones are refused until it returns. The
 * route stays with the page across reloads.
 */
async function databaseLink(page: Page) {
  let reachable = true;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/\.ws\?/, async (socket) => {
    if (!reachable) {
      await socket.close();
      return;
    }
    socket.connectToServer();
    sockets.push(socket);
  });
  return {
    async cut() {
      reachable = false;
      await Promise.all(sockets.splice(0).map((socket) => socket.close()));
    },
    restore() {
      reachable = true;
    },
    /** Resolves once the page has opened a connection again. */
    reconnected: () =>
      eventually(async () => (sockets.length > 0 ? true : undefined), 'a new connection', 60_000),
  };
}

async function storedMessages(): Promise<ChatMessage[]> {
  const value: unknown = (await owner.db.ref(paths.groupChat(groupId)).get()).val();
  return Object.values(z.record(z.string(), chatMessageSchema).parse(value ?? {})).sort(
    (a, b) => a.timeStamp - b.timeStamp,
  );
}

/** WebSocket failures are the outage itself; anything else the page logs is a fault. */
/** The console lines of the connections the test cuts on purpose. */
const CUT_CONNECTION = /WebSocket|\.ws\?/;

describe('the chat while the database is unreachable', { timeout: 180_000 }, () => {
  test('says it is offline, keeps what was sent across a reload, and delivers it once when the database returns', async ({
    page,
    errors,
  }) => {
    errors.expect(CUT_CONNECTION);
    const link = await databaseLink(page);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/chats/${groupId}`);
    await page.getByText('No messages yet').waitFor({ timeout: 20_000 });
    const box = page.getByTestId('composer-input');
    const offline = page.getByTestId('chat-connection-offline');
    const waiting = page.getByTestId('waiting-message');
    expect(await offline.count()).toBe(0);

    await link.cut();
    await offline.waitFor({ timeout: 20_000 });
    expect(await offline.textContent()).toBe('Offline for less than a minute');
    // Announced politely: the offline state sits in a status region.
    expect(await page.getByRole('status').filter({ has: offline }).count()).toBe(1);

    const first = `Diesel delivery is late ${randomUUID().slice(0, 6)}`;
    await box.fill(first);
    await box.press('Enter');
    await waiting.filter({ hasText: first }).waitFor();
    expect(await waiting.filter({ hasText: first }).textContent()).toContain('Waiting to send');
    // Not among the sent messages, and not in the database.
    expect(await page.getByTestId('chat-message').count()).toBe(0);
    expect(await storedMessages()).toEqual([]);

    // A reload while offline keeps it waiting; the page comes back without the database.
    await page.reload();
    await waiting.filter({ hasText: first }).waitFor({ timeout: 20_000 });
    await offline.waitFor({ timeout: 20_000 });
    const second = `Prices follow tomorrow ${randomUUID().slice(0, 6)}`;
    await box.fill(second);
    await box.press('Enter');
    await expect
      .poll(() => waiting.allTextContents())
      .toEqual([expect.stringContaining(first), expect.stringContaining(second)]);
    expect(await storedMessages()).toEqual([]);

    // The database returns: both go out once, in order, and the markers clear.
    link.restore();
    await offline.waitFor({ state: 'detached', timeout: 60_000 });
    await expect.poll(() => waiting.count(), { timeout: 20_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('chat-message').count(), { timeout: 20_000 }).toBe(2);
    await expect
      .poll(async () => (await storedMessages()).map((m) => m.message))
      .toEqual([first, second]);
    // Nothing arrives twice later on, and nothing is left in the browser to send again.
    await page.reload();
    await expect.poll(() => page.getByTestId('chat-message').count(), { timeout: 20_000 }).toBe(2);
    expect(await waiting.count()).toBe(0);
    expect((await storedMessages()).map((m) => m.message)).toEqual([first, second]);
  });

  test('refuses to send a push while the database is unreachable, and says why', async ({
    page,
    errors,
  }) => {
    errors.expect(CUT_CONNECTION);
    const link = await databaseLink(page);
    const user = await registerAppUser(stack, 'E2E Offline Push', [deviceToken('phone')]);
    await mirrorDevices(admin, owner.db, user);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/send-notification`);
    await searchOne(page, user.name);
    await rowWith(page, user.name)
      .getByRole('button', { name: `Send a notification to ${user.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Send a notification to ${user.name}` });
    const title = `Not while offline ${user.id}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('This push must never go out late.');

    await link.cut();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await page
      .getByText(
        'The live database cannot be reached right now, so nothing was sent. Check your connection and try again.',
      )
      .waitFor({ timeout: 20_000 });

    // Nothing was held back to go out later: the database returns and no alert appears.
    link.restore();
    await link.reconnected();
    // Time for a write held in the page to reach the database and its trigger.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const alerts = z
      .record(z.string(), alertSchema)
      .parse((await owner.db.ref(paths.alerts()).get()).val() ?? {});
    expect(Object.values(alerts).filter((alert) => alert.title === title)).toEqual([]);
  });
});
