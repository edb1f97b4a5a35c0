import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { paths, type AuditEntry } from '../../functions/src/contracts/index.js';
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

// "Send test" sends the composed notification to the signed-in admin's own browser token only,
// and a history row opens the details of its send with the counts the delivery record holds.
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);
let adminId: string;

beforeAll(async () => {
  adminId = String((await admin.login()).user.id);
});
afterAll(async () => {
  await owner.close();
});

/** The push token the signed-in app keeps for this browser, once its entry holds it. */
async function ownToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('userDetails'));
  const browser = z
    .object({ deviceToken: z.string() })
    .parse(JSON.parse(stored ?? '{}')).deviceToken;
  expect(browser).toMatch(/^emulator-web-/);
  await eventually(
    async () => {
      const value: unknown = (
        await owner.db.ref(`${paths.adminEntry(adminId)}/deviceToken`).get()
      ).val();
      return value === browser ? true : undefined;
    },
    `admins/${adminId} holding the browser's token`,
    30_000,
  );
  return browser;
}

async function openComposer(page: Page, user: TestUser) {
  await signIn(page, stack);
  await page.goto(`${stack.urls.app}/send-notification`);
  await searchOne(page, user.name);
  await rowWith(page, user.name)
    .getByRole('button', { name: `Send a notification to ${user.name}` })
    .click();
  return page.getByRole('dialog', { name: `Send a notification to ${user.name}` });
}

describe('Send test', { timeout: 120_000 }, () => {
  test("reaches only the admin's own browser token, writes no alert, says so and is audited", async ({
    page,
  }) => {
    const user = await registerAppUser(stack, 'E2E Test Send', [deviceToken('phone')]);
    await mirrorDevices(admin, owner.db, user);
    const dialog = await openComposer(page, user);
    const mine = await ownToken(page);
    const title = `Test to myself ${user.id}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Does this look right on my screen?');
    const since = Date.now();
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await expectToast(page, 'Test sent to this browser');
    const audited = await eventually(async () => {
      const log = await owner.db.ref(paths.auditLog()).orderByChild('at').startAt(since).get();
      const entries = Object.values((log.val() ?? {}) as Record<string, AuditEntry>);
      return entries.find((entry) => entry.action === 'push.test' && entry.uid === adminId);
    }, 'the test push in the audit trail');
    expect(audited.email).toBe(stack.admin.email);

    const sent = await eventually(
      async () =>
        (await outboxTitled(owner.db, title)).length > 0
          ? outboxTitled(owner.db, title)
          : undefined,
      'the test push in the outbox',
    );
    expect(sent.map((entry) => entry.token)).toEqual([mine]);
    expect(sent[0]?.notification.body).toBe('Does this look right on my screen?');
    expect(await alertTitled(owner.db, title)).toBeUndefined();
    // The composer stays open with what was typed: the real send is still to come.
    expect(await dialog.getByLabel('Title').inputValue()).toBe(title);
  });
});

describe('Send details', { timeout: 120_000 }, () => {
  test('a history row opens the details of its send with the counts of its delivery record', async ({
    page,
  }) => {
    // The recording sender answers a token starting with invalid- as unregistered.
    const user = await registerAppUser(stack, 'E2E Details', [
      deviceToken('phone'),
      `invalid-${deviceToken('old-phone')}`,
    ]);
    await mirrorDevices(admin, owner.db, user);
    const dialog = await openComposer(page, user);
    const title = `Details of a send ${user.id}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('One phone works, one is long gone.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expectToast(page, 'Notifications sent successfully');

    const alert = await eventually(() => alertTitled(owner.db, title), 'the alert entry');
    const delivery = await eventually(
      async () => (await alertTitled(owner.db, title))?.delivery,
      `the delivery record of ${alert.notificationId}`,
      30_000,
    );
    expect(delivery).toMatchObject({
      devices: 2,
      sent: 1,
      failed: 1,
      transient: 0,
      permanent: 1,
      pruned: 1,
    });

    await page.goto(`${stack.urls.app}/group-notifications`);
    const row = rowWith(page, title);
    await row.getByText('1 sent').waitFor();
    const details = row.getByRole('button', { name: `Details of the send “${title}”` });
    await details.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Send details' });
    await sheet.waitFor();
    const figures = sheet.getByTestId('send-details');
    const valueOf = (term: string) =>
      figures.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
    expect(await valueOf('Audience').textContent()).toBe(`One user: ${user.name}`);
    expect(await valueOf('Devices targeted').textContent()).toBe('2');
    expect(await valueOf('Sent').textContent()).toBe('1');
    expect(await valueOf('Failed for now').textContent()).toBe('0');
    expect(await valueOf('Failed for good').textContent()).toBe('1');
    expect(await valueOf('Dead tokens removed').textContent()).toBe('1');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
  });
});
