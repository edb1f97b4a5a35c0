import type { Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { scheduledPaths, TIME_ZONE, toLosAngeles } from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import { eventually, ownerDatabase, signIn } from './support/clients.ts';
import {
  deviceToken,
  expectToast,
  mirrorDevices,
  registerAppUser,
  rowWith,
  searchOne,
  type TestUser,
} from './support/users.ts';
import { alertTitled, outboxTitled } from './support/pushes.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

// Send later: scheduled in Los Angeles time from the composer, listed above the history,
// cancelled or sent once by the scheduled function the stack ticks (every 5 s in the tests).
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);

afterAll(async () => {
  await owner.close();
});

const TICK_MS = 5_000;

/** How the app shows an instant: Los Angeles time, en-US. */
const laShown = (ms: number) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(ms);

async function schedule(page: Page, user: TestUser, title: string, sendAt: number) {
  await rowWith(page, user.name)
    .getByRole('button', { name: `Send a notification to ${user.name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Send a notification to ${user.name}` });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Diesel is five cents off at Main St.');
  await dialog.getByRole('switch', { name: 'Send later' }).click();
  const { date, time } = toLosAngeles(sendAt);
  await dialog.getByLabel('Date (Los Angeles)').fill(date);
  await dialog.getByLabel('Time (Los Angeles)').fill(time);
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expectToast(page, `Notification scheduled for ${laShown(sendAt)} (Los Angeles time)`);
  await dialog.waitFor({ state: 'detached' });
}

describe('Send later', { timeout: 300_000 }, () => {
  test('refuses a time that has passed, in Los Angeles time', async ({ page }) => {
    const user = await registerAppUser(stack, 'E2E Too Late', [deviceToken('phone')]);
    await mirrorDevices(admin, owner.db, user);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/send-notification`);
    await searchOne(page, user.name);
    await rowWith(page, user.name)
      .getByRole('button', { name: `Send a notification to ${user.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Send a notification to ${user.name}` });
    await dialog.getByLabel('Title').fill('Too late');
    await dialog.getByLabel('Description').fill('Never scheduled');
    await dialog.getByRole('switch', { name: 'Send later' }).click();
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.getByText('Choose a date and a time to send it later.').waitFor();
    const { date, time } = toLosAngeles(Date.now() - 3_600_000);
    await dialog.getByLabel('Date (Los Angeles)').fill(date);
    await dialog.getByLabel('Time (Los Angeles)').fill(time);
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await dialog.getByText('That time has passed: choose a time in the future.').waitFor();
    expect((await owner.db.ref(scheduledPaths.scheduledAlerts()).get()).val()).toBeNull();
  });

  test('sends a scheduled notification once when due, never a cancelled one', async ({ page }) => {
    const user = await registerAppUser(stack, 'E2E Scheduled', [
      deviceToken('phone'),
      deviceToken('tablet'),
    ]);
    await mirrorDevices(admin, owner.db, user);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/send-notification`);
    await searchOne(page, user.name);

    // The next whole minute at least a minute ahead: the inputs take minutes.
    const sendAt = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
    const kept = `Scheduled ${user.id}`;
    const cancelled = `Cancelled ${user.id}`;
    await schedule(page, user, kept, sendAt);
    await schedule(page, user, cancelled, sendAt);

    // Listed above the sent ones, with who it goes to and its Los Angeles time.
    await page.goto(`${stack.urls.app}/group-notifications`);
    const section = page.getByRole('region', { name: 'Scheduled' });
    const keptItem = section.getByRole('listitem').filter({ hasText: kept });
    await keptItem.getByText(`To ${user.name}`).waitFor();
    await keptItem.getByText(laShown(sendAt)).waitFor();

    await section
      .getByRole('button', { name: `Cancel the scheduled notification ${cancelled}` })
      .click();
    const confirm = page.getByTestId('cancel-scheduled-dialog');
    await confirm.getByRole('button', { name: 'Cancel the send' }).click();
    await expectToast(page, 'Scheduled notification cancelled');
    await section.getByText(cancelled).waitFor({ state: 'detached' });

    // Due: the scheduled function writes the alert, the alert trigger pushes it, once.
    const alert = await eventually(
      () => alertTitled(owner.db, kept),
      'the scheduled alert',
      150_000,
    );
    expect(alert).toMatchObject({ target: 'user', userId: String(user.id), userName: user.name });
    expect(alert.timeStamp).toBeGreaterThanOrEqual(sendAt);
    await eventually(
      async () => ((await outboxTitled(owner.db, kept)).length >= 2 ? true : undefined),
      'the pushes of the scheduled alert',
      30_000,
    );
    // Several more ticks send nothing again.
    await new Promise((resolve) => setTimeout(resolve, 4 * TICK_MS));
    expect((await outboxTitled(owner.db, kept)).map((entry) => entry.token).sort()).toEqual(
      [...user.devices].sort(),
    );
    expect(await alertTitled(owner.db, cancelled)).toBeUndefined();
    expect(await outboxTitled(owner.db, cancelled)).toEqual([]);

    // It leaves the Scheduled section and shows in the history with its delivery.
    const row = rowWith(page, kept);
    await row.getByText('2 sent').waitFor();
    await expect.poll(() => section.count()).toBe(0);
  });
});
