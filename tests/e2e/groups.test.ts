import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { z } from 'zod';
import {
  alertSchema,
  groupSchema,
  outboxEntrySchema,
  paths,
  reportSchema,
  userSchema,
  type User,
} from '../../functions/src/contracts/index.js';
import { fixture } from './support/chat.ts';
import { adminApi } from './support/admin-api.ts';
import { eventually, ownerDatabase, signIn } from './support/clients.ts';
import { describe, expect, inject, PHONE, REFUSED_REQUEST, test } from './support/fixtures.ts';

// Chat Groups as an admin uses them — create with an image, rename, assign members,
// notify them (one push per member device), send them an invoice, delete the group.
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);

afterAll(async () => {
  await owner.close();
});

const card = (page: Page, name: string): Locator =>
  page.getByTestId('group-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function groupNamed(name: string) {
  const groups = (await admin.call('/admin/groups', z.array(groupSchema))).body.payload;
  return groups.find((group) => group.name === name);
}

/** Users whose every device token is live (no `invalid-` one the push would prune). */
async function membersToBe(count: number): Promise<User[]> {
  const users = (await admin.call('/admin/user', z.array(userSchema))).body.payload;
  const picked = users
    .filter((u) => u.device_ids.length > 0 && !u.device_ids.some((d) => d.startsWith('invalid-')))
    .slice(-count);
  if (picked.length < count) throw new Error('the seed has too few users with devices');
  return picked;
}

describe('the Chat Groups page', () => {
  test('creates, renames, fills, notifies, invoices and deletes a group', async ({ page }) => {
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/chat-groups`);
    await page.getByTestId('group-card').first().waitFor();

    // New Group: both fields required, then created with its image.
    await page.getByTestId('new-group').click();
    const form = page.getByTestId('group-form-dialog');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Group name is required').waitFor();
    await form.getByText('Please Select Image').waitFor();
    const name = `E2E Riders ${randomUUID().slice(0, 6)}`;
    await form.getByLabel('Group name').fill(name);
    await form.getByLabel('Image').setInputFiles(fixture('group.png'));
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Group Created Successfully').waitFor();
    await card(page, name).waitFor();
    await expect
      .poll(() => card(page, name).getByTestId('group-time-ago').textContent())
      .toBe('Today');
    const created = await groupNamed(name);
    expect(created?.image?.original_url).toMatch(/^\/api\/files\//);
    expect(created?.users).toEqual([]);
    const groupId = String(created?.id);

    // Edit: a new name, the image kept.
    const renamed = `${name} West`;
    await card(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await form.getByLabel('Group name').fill(renamed);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Group Updated Successfully').waitFor();
    await card(page, renamed).waitFor();
    expect((await groupNamed(renamed))?.image?.original_url).toBe(created?.image?.original_url);

    // Members: chosen with the searchable picker among every app user.
    const members = await membersToBe(3);
    await card(page, renamed).getByRole('button', { name: 'Members' }).click();
    const picker = page.getByTestId('members-dialog');
    await expect
      .poll(() => picker.getByRole('option').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    for (const member of members) {
      await picker.getByRole('searchbox').fill(member.email ?? member.name);
      const option = picker.getByRole('option', { name: new RegExp(member.name) });
      await option.click();
      await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    }
    await expect.poll(() => picker.getByTestId('selected-count').textContent()).toBe('Selected: 3');
    await picker.getByRole('button', { name: 'Save members' }).click();
    await page.getByText('Updated Successfully').waitFor();
    await expect
      .poll(() => card(page, renamed).getByTestId('member-count').textContent())
      .toBe('Members: 3');
    const memberIds = members.map((member) => String(member.id)).sort();
    const assigned = await admin.call(
      `/admin/groups/${groupId}/assigned-users`,
      z.array(userSchema),
    );
    expect(assigned.body.payload.map((user) => String(user.id)).sort()).toEqual(memberIds);
    await eventually(async () => {
      const mirror: unknown = (await owner.db.ref(paths.groupMembers(groupId)).get()).val();
      return mirror && Object.keys(mirror).sort().join() === memberIds.join() ? true : undefined;
    }, 'the member mirror');

    // Send Notification: one alert for the group, one push per member device.
    const title = `Diesel down ${randomUUID().slice(0, 6)}`;
    await card(page, renamed).getByRole('button', { name: 'Send Notification' }).click();
    const notify = page.getByTestId('send-notification-dialog');
    await notify.getByLabel('Title').fill(title);
    await notify.getByLabel('Description').fill('Ten cents off at every station today.');
    await notify.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Notifications sent successfully').waitFor();
    const alerts = z.record(z.string(), alertSchema);
    const alertId = await eventually(async () => {
      const all = alerts.parse((await owner.db.ref(paths.alerts()).get()).val() ?? {});
      return Object.keys(all).find((id) => all[id]?.title === title);
    }, 'the group alert');
    const alert = alerts.parse((await owner.db.ref(paths.alerts()).get()).val())[alertId];
    expect(alert).toMatchObject({
      notificationId: alertId,
      target: 'group',
      groupId,
      userName: renamed,
      description: 'Ten cents off at every station today.',
    });
    const devices = members.flatMap((member) => member.device_ids).sort();
    const pushed = await eventually(
      async () => {
        const outbox = z
          .record(z.string(), outboxEntrySchema)
          .parse((await owner.db.ref(paths.outbox()).get()).val() ?? {});
        const tokens = Object.values(outbox)
          .filter((entry) => entry.data?.alertId === alertId)
          .map((entry) => entry.token)
          .sort();
        return tokens.length >= devices.length ? tokens : undefined;
      },
      'one push per member device',
      30_000,
    );
    expect(pushed).toEqual(devices);

    // Send Invoice: every field required, then a report for every member and a notification.
    await card(page, renamed).getByRole('button', { name: 'Send Invoice' }).click();
    const invoice = page.getByTestId('send-invoice-dialog');
    await invoice.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Please Enter All Fields').first().waitFor();
    const invoiceTitle = `May fuel ${randomUUID().slice(0, 6)}`;
    await invoice.getByLabel('Title').fill(invoiceTitle);
    await invoice.getByLabel('Description').fill('Your fuel card statement for May.');
    await invoice.getByLabel('Invoice link').fill('https://billing.example.com/2025/05.pdf');
    await invoice.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Invoice sent successfully').waitFor();
    for (const member of members) {
      const reports = await admin.call(`/admin/user-reports/${member.id}`, z.array(reportSchema));
      expect(reports.body.payload.find((report) => report.title === invoiceTitle)).toMatchObject({
        description: 'Your fuel card statement for May.',
        url: 'https://billing.example.com/2025/05.pdf',
      });
    }
    await eventually(async () => {
      const all = alerts.parse((await owner.db.ref(paths.alerts()).get()).val() ?? {});
      return Object.values(all).some((a) => a.title === invoiceTitle && a.target === 'group')
        ? true
        : undefined;
    }, 'the invoice notification');

    // View opens the group's chat.
    await card(page, renamed)
      .getByRole('link', { name: `View the chat of ${renamed}` })
      .click();
    await page.waitForURL(`**/chats/${groupId}`);
    await expect.poll(() => page.getByTestId('chat-group-name').textContent()).toBe(renamed);
    await page.goBack();

    // Delete: asked first, then gone, with its member mirror.
    await card(page, renamed)
      .getByRole('button', { name: `Delete ${renamed}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete' });
    await confirm.getByText('Are you sure you want to Delete?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Group deleted').waitFor();
    await card(page, renamed).waitFor({ state: 'detached' });
    // The request goes once the Undo toast ends (5 s).
    await expect.poll(() => groupNamed(renamed), { timeout: 10_000 }).toBeUndefined();
    await eventually(
      async () =>
        (await owner.db.ref(paths.groupMembers(groupId)).get()).exists() ? undefined : true,
      'the member mirror to go',
    );
  });

  test('shows the member picker’s options again when it is reopened', async ({ page }) => {
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/chat-groups`);
    const first = page.getByTestId('group-card').first();
    const picker = page.getByTestId('members-dialog');
    for (const time of ['first', 'second', 'third']) {
      await first.getByRole('button', { name: 'Members' }).click();
      // Nothing else is done: the list alone must show its options.
      await expect
        .poll(() => picker.getByRole('option').count(), { timeout: 20_000, message: time })
        .toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await picker.waitFor({ state: 'detached' });
    }
  });

  test('lays the cards out for a phone, every action within reach', async ({
    openPage,
    errors,
  }) => {
    const page = await openPage({ viewport: PHONE });
    errors.expect(REFUSED_REQUEST);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/chat-groups`);
    const first = page.getByTestId('group-card').first();
    await first.waitFor();
    const box = await first.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    for (const label of ['View', 'Members', 'Send Notification', 'Send Invoice']) {
      const action = first.getByText(label, { exact: true });
      expect(await action.isVisible()).toBe(true);
      const actionBox = await action.boundingBox();
      expect((actionBox?.x ?? 0) + (actionBox?.width ?? 0)).toBeLessThanOrEqual(390);
    }
    // No sideways scrolling at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
