import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import {
  alertSchema,
  mirrorSyncSchema,
  outboxEntrySchema,
  paths,
  type Alert,
} from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import { eventually, ownerDatabase, signIn } from './support/clients.ts';
import {
  deviceToken,
  mirrorDevices,
  mirroredTokens,
  registerAppUser,
  rowWith,
  expectToast,
  type TestUser,
  searchOne,
} from './support/users.ts';
import { policyForRun } from './support/policy.ts';
import { alertTitled } from './support/pushes.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

// Send Notification (one user, every user, a user without devices) and
// the Notifications History (newest first, delivery as the functions record it, delete).
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);
// Pushes to everyone are sent here as they go out once approved (the approvals test follows one).
let restorePolicy: () => Promise<void>;

beforeAll(async () => {
  restorePolicy = await policyForRun(owner.db, { pushAll: false });
});
afterAll(async () => {
  await restorePolicy();
  await owner.close();
});

const alerts = z.record(z.string(), alertSchema);
const outbox = z.record(z.string(), outboxEntrySchema);

/** The outbox entries (what FCM would have received) of one alert, once the push has run. */
async function pushesOf(alertId: string) {
  const delivered = await eventually(
    async () => (await alertById(alertId))?.delivery,
    `the delivery record of ${alertId}`,
    30_000,
  );
  const all = outbox.parse((await owner.db.ref(paths.outbox()).get()).val() ?? {});
  return {
    delivered,
    entries: Object.values(all).filter((entry) => entry.data?.alertId === alertId),
  };
}

async function alertById(alertId: string): Promise<Alert | undefined> {
  const value: unknown = (await owner.db.ref(`${paths.alerts()}/${alertId}`).get()).val();
  return value === null ? undefined : alertSchema.parse(value);
}

async function openSendPage(page: Page, user: TestUser) {
  await signIn(page, stack);
  await page.goto(`${stack.urls.app}/send-notification`);
  await searchOne(page, user.name);
}

describe('Send Notification', { timeout: 120_000 }, () => {
  test('sends to one user: one push per device of that user, and the history shows it', async ({
    page,
  }) => {
    const user = await registerAppUser(stack, 'E2E Notified', [
      deviceToken('phone'),
      deviceToken('tablet'),
    ]);
    await mirrorDevices(admin, owner.db, user);
    await openSendPage(page, user);
    await rowWith(page, user.name).getByText('2', { exact: true }).waitFor();
    await rowWith(page, user.name)
      .getByRole('button', { name: `Send a notification to ${user.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Send a notification to ${user.name}` });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByText('Title is required').waitFor();
    await dialog.getByText('Description is required').waitFor();
    const title = `Invoice ready ${user.id}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Your March fleet card invoice is in the app.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expectToast(page, 'Notifications sent successfully');
    await dialog.waitFor({ state: 'detached' });

    const alert = await eventually(() => alertTitled(owner.db, title), 'the alert entry');
    expect(alert).toMatchObject({
      target: 'user',
      userId: String(user.id),
      userName: user.name,
      description: 'Your March fleet card invoice is in the app.',
      image: '',
    });
    const { delivered, entries } = await pushesOf(alert.notificationId);
    expect(entries.map((entry) => entry.token).sort()).toEqual([...user.devices].sort());
    expect(entries.every((entry) => entry.notification.title === title)).toBe(true);
    expect(delivered).toMatchObject({ sent: 2, failed: 0 });

    // The history: newest first, with the delivery the functions recorded.
    await page.getByRole('link', { name: 'Notifications History' }).first().click();
    await page.waitForURL('**/group-notifications');
    const row = rowWith(page, title);
    await row.getByText('2 sent').waitFor();
    await row.getByText(user.name).waitFor();
    expect(await page.getByRole('row').nth(1).textContent()).toContain(title);
  });

  test('counts a device FCM no longer knows as failed, drops its token, and the history says so', async ({
    page,
  }) => {
    // The emulators' recording sender answers a token starting with invalid- as unregistered.
    const gone = `invalid-${deviceToken('old-phone')}`;
    const user = await registerAppUser(stack, 'E2E Old Phone', [deviceToken('phone'), gone]);
    await mirrorDevices(admin, owner.db, user);
    await openSendPage(page, user);
    await rowWith(page, user.name)
      .getByRole('button', { name: `Send a notification to ${user.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Send a notification to ${user.name}` });
    const title = `Station closed ${user.id}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Main St. is closed for repairs today.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expectToast(page, 'Notifications sent successfully');

    const alert = await eventually(() => alertTitled(owner.db, title), 'the alert entry');
    const { delivered } = await pushesOf(alert.notificationId);
    expect(delivered).toMatchObject({ sent: 1, failed: 1 });
    await expect
      .poll(() => mirroredTokens(owner.db, user.id), { timeout: 15_000 })
      .toEqual([user.devices[0]]);

    await page.goto(`${stack.urls.app}/group-notifications`);
    const row = rowWith(page, title);
    await row.getByText('1 sent').waitFor();
    await row.getByText('1 failed').waitFor();
  });

  test('tells the admin a user without devices cannot receive it, and writes nothing', async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    const user = await registerAppUser(stack, 'E2E Deviceless');
    await openSendPage(page, user);
    await rowWith(page, user.name).getByText('None').waitFor();
    await rowWith(page, user.name)
      .getByRole('button', { name: `Send a notification to ${user.name}` })
      .click();
    await expectToast(page, 'User unable to receive notification');
    expect(await page.getByRole('dialog').count()).toBe(0);
    const all = alerts.parse((await owner.db.ref(paths.alerts()).get()).val() ?? {});
    expect(
      Object.values(all).filter(
        (alert) => alert.target === 'user' && alert.userId === String(user.id),
      ),
    ).toEqual([]);
  });

  test('sends to every user after confirming: one push per device token there is', async ({
    page,
  }) => {
    const user = await registerAppUser(stack, 'E2E Everyone', [deviceToken('phone')]);
    await mirrorDevices(admin, owner.db, user);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/send-notification`);
    await page.getByRole('button', { name: 'Send To All' }).click();
    await page.getByRole('dialog', { name: 'Send a notification to all users' }).waitFor();
    // The dialog's title changes with its step: the confirmation is its second one.
    const dialog = page.getByRole('dialog');
    const title = `Prices drop tomorrow ${user.id}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Regular is ten cents cheaper everywhere.');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Send to all users?').waitFor();
    // Nothing goes out before the admin confirms.
    expect(await alertTitled(owner.db, title)).toBeUndefined();
    await dialog.getByRole('button', { name: 'Send to all' }).click();
    await expectToast(page, 'Notifications sent successfully');

    const alert = await eventually(() => alertTitled(owner.db, title), 'the alert entry');
    expect(alert).toMatchObject({ target: 'all', userName: 'All Users' });
    const { delivered, entries } = await pushesOf(alert.notificationId);
    const tokens = entries.map((entry) => entry.token);
    expect(tokens).toContain(user.devices[0]);
    // Exactly one message per device token of the mirror.
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.length).toBe(delivered.sent + delivered.failed);
    expect(tokens.length).toBeGreaterThan(1);
  });
});

describe('the push composer', { timeout: 120_000 }, () => {
  test('previews while typing, and Send To All counts a stale audience again before sending', async ({
    page,
  }) => {
    // The last full sync of the user list is from before a late sign-up.
    const stale = Date.now() - 20 * 60_000;
    await owner.db.ref(paths.mirrorSync()).update({ completedAt: stale });
    const late = await registerAppUser(stack, 'E2E Late Sign-up', [deviceToken('phone')]);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/send-notification`);
    await page.getByRole('button', { name: 'Send To All' }).click();
    const dialog = page.getByRole('dialog');
    const preview = dialog.getByRole('region', { name: 'Preview' });
    const title = `Late sign-ups welcome ${late.id}`;
    await dialog.getByLabel('Title').fill(title);
    await preview.getByText(title).waitFor();
    await dialog.getByLabel('Description').fill('Every new member gets this one too.');
    await preview.getByText('Every new member gets this one too.').waitFor();

    const audience = dialog.getByTestId('audience');
    await audience.getByText('(user list synced just now)').waitFor({ timeout: 60_000 });
    const synced = mirrorSyncSchema.parse((await owner.db.ref(paths.mirrorSync()).get()).val());
    expect(synced.completedAt).toBeGreaterThan(stale);
    // Other test files sign users up meanwhile: the count is checked for its form, not its sum.
    expect(await audience.textContent()).toMatch(/^Reaches [\d,]+ users on [\d,]+ devices/);

    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Send to all' }).click();
    await expectToast(page, 'Notifications sent successfully');
    const alert = await eventually(() => alertTitled(owner.db, title), 'the alert entry');
    const { entries } = await pushesOf(alert.notificationId);
    expect(entries.map((entry) => entry.token)).toContain(late.devices[0]);
  });
});

describe('Notifications History', { timeout: 120_000 }, () => {
  test('deletes a notification after confirming: it leaves the page and the database', async ({
    page,
  }) => {
    const user = await registerAppUser(stack, 'E2E Forgotten', [deviceToken('phone')]);
    await mirrorDevices(admin, owner.db, user);
    await openSendPage(page, user);
    await rowWith(page, user.name)
      .getByRole('button', { name: `Send a notification to ${user.name}` })
      .click();
    const dialog = page.getByRole('dialog');
    const title = `Short-lived ${user.id}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('This one is deleted from the history.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expectToast(page, 'Notifications sent successfully');
    const alert = await eventually(() => alertTitled(owner.db, title), 'the alert entry');
    await pushesOf(alert.notificationId);

    await page.goto(`${stack.urls.app}/group-notifications`);
    const row = rowWith(page, title);
    await row.getByText('1 sent').waitFor();
    await row.getByRole('button', { name: `Delete the notification ${title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    await confirm.getByText('Are you sure you want to Delete?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted Successfully');
    await row.waitFor({ state: 'detached' });
    expect(await alertById(alert.notificationId)).toBeUndefined();
  });

  test('says nothing was deleted while the database cannot be reached, then deletes once it can', async ({
    page,
    errors,
  }) => {
    // The connections the test cuts on purpose.
    errors.expect(/WebSocket/);
    // The page's Realtime Database connection runs through here, so the test can cut it.
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
    const user = await registerAppUser(stack, 'E2E Unreachable');
    const entry = owner.db.ref(paths.alerts()).push();
    const title = `Kept while offline ${user.id}`;
    await entry.set({
      notificationId: entry.key,
      title,
      description: 'Deleted only once the database is back.',
      image: '',
      userName: user.name,
      target: 'user',
      userId: String(user.id),
      timeStamp: Date.now(),
    });
    const alertId = entry.key ?? '';

    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/group-notifications`);
    const row = rowWith(page, title);
    await row.waitFor();
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    await row.getByRole('button', { name: `Delete the notification ${title}` }).click();
    await confirm.getByText('Are you sure you want to Delete?').waitFor();

    reachable = false;
    const cut = sockets.splice(0);
    await Promise.all(cut.map((socket) => socket.close()));
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm
      .getByText(
        'The live database cannot be reached right now, so nothing was deleted. Check your connection and try again.',
      )
      .waitFor({ timeout: 20_000 });
    await confirm.getByRole('button', { name: 'Close' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.waitFor();
    expect(await alertById(alertId)).toBeDefined();

    // Back online: the SDK reconnects by itself, and the same delete goes through.
    reachable = true;
    await eventually(
      async () => (sockets.length > 0 ? true : undefined),
      'the database connection again',
      45_000,
    );
    await row.getByRole('button', { name: `Delete the notification ${title}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted Successfully');
    await row.waitFor({ state: 'detached' });
    expect(await alertById(alertId)).toBeUndefined();
  });
});
