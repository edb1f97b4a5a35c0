import type { Page } from 'playwright-core';
import { z } from 'zod';
import { reportSchema } from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import { eventually, signIn } from './support/clients.ts';
import {
  listedUser,
  registerAppUser,
  rowWith,
  expectToast,
  type TestUser,
  searchOne,
} from './support/users.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

// All Users (search, sort, delete after confirming) and a user's
// invoices (add, edit, show, delete; required fields; the user deleted meanwhile).
const stack = inject('stack');
const admin = adminApi(stack);

async function openInvoices(page: Page, user: TestUser) {
  await signIn(page, stack);
  await searchOne(page, user.name);
  await rowWith(page, user.name)
    .getByRole('button', { name: `View the invoices of ${user.name}` })
    .click();
  await page.waitForURL(`**/view-user/${user.id}`);
  await page.getByRole('heading', { name: user.name, exact: true }).waitFor();
  await page.getByText('No records found').waitFor();
}

/** Signs in, finds the user and presses its Delete: the confirm dialog is open. */
async function askToDelete(page: Page, user: TestUser) {
  await signIn(page, stack);
  await searchOne(page, user.name);
  await rowWith(page, user.name)
    .getByRole('button', { name: `Delete ${user.name}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete' });
  await dialog.getByText('Are you sure you want to Delete?').waitFor();
  return dialog;
}

async function invoicesOf(user: TestUser) {
  const reply = await admin.call(`/admin/user-reports/${user.id}`, z.array(reportSchema));
  return reply.body.payload;
}

describe('All Users', { timeout: 120_000 }, () => {
  test('lists the users with ID, Image, Name, View and Delete, searched by name and sorted', async ({
    page,
  }) => {
    const user = await registerAppUser(stack, 'E2E Listed');
    await signIn(page, stack);
    await page.getByRole('columnheader').first().waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((text) => text.trim())).toEqual(['ID', 'Image', 'Name', 'View', 'Delete']);
    // Newest first: the user just registered leads the list.
    await expect.poll(() => page.getByRole('row').nth(1).textContent()).toContain(user.name);
    await searchOne(page, user.name.toUpperCase());
    await rowWith(page, user.name).getByText(String(user.id), { exact: true }).waitFor();

    // The search is debounced: wait for the whole list before sorting it.
    await page.getByRole('searchbox').fill('');
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(2);
    const idHeader = page.getByRole('columnheader', { name: 'ID' });
    const firstRowId = async () =>
      Number(await page.getByRole('row').nth(1).getByRole('cell').first().textContent());
    await page.getByRole('button', { name: 'ID', exact: true }).click();
    await expect.poll(() => idHeader.getAttribute('aria-sort')).toBe('ascending');
    const firstId = await firstRowId();
    await page.getByRole('button', { name: 'ID', exact: true }).click();
    await expect.poll(() => idHeader.getAttribute('aria-sort')).toBe('descending');
    const lastId = await firstRowId();
    expect(firstId).toBeLessThan(lastId);
    expect(lastId).toBeGreaterThanOrEqual(user.id);
  });

  test('deletes a user after the confirm dialog: the row leaves, and so does the user upstream', async ({
    page,
  }) => {
    const user = await registerAppUser(stack, 'E2E Leaving');
    const dialog = await askToDelete(page, user);
    expect(await listedUser(admin, user.id)).toBeDefined();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'User deleted');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('No records found').waitFor();
    expect(await rowWith(page, user.name).count()).toBe(0);
    // The request goes once the Undo toast ends (5 s).
    await expect.poll(() => listedUser(admin, user.id), { timeout: 10_000 }).toBeUndefined();
  });

  test("shows the server's message for a user deleted elsewhere meanwhile, and the list drops the row", async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    const user = await registerAppUser(stack, 'E2E Deleted Twice');
    const dialog = await askToDelete(page, user);
    // Another admin deletes the user while the dialog is open.
    const removed = await admin.call(`/admin/user/${user.id}`, z.unknown(), {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);

    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    // When the Undo toast ends the request is refused: the server's reason shows, and the list
    // read again no longer holds the missing user.
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'The requested user is not found' })
      .waitFor({ timeout: 15_000 });
    await page.getByText('No records found').waitFor();
    expect(await rowWith(page, user.name).count()).toBe(0);
    // And it still works: clearing the search brings every other user back.
    await page.getByRole('searchbox').fill('');
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(2);
  });

  test('sends a direct visit of an invoice page back to All Users with a message', async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/view-user/2`);
    await expectToast(page, 'Open a user from All Users to see their invoices.');
    await page.waitForURL('**/all-users');
  });
});

describe("a user's invoices", { timeout: 120_000 }, () => {
  test('adds, shows, edits and deletes an invoice, with the fields checked first', async ({
    page,
  }) => {
    const user = await registerAppUser(stack, 'E2E Invoiced');
    await openInvoices(page, user);
    await page.getByRole('columnheader').first().waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((text) => text.trim())).toEqual([
      'Sr.No',
      'Title',
      'Description',
      'URL',
      'View',
      'Edit',
      'Delete',
    ]);

    // Add: every field is checked before anything is sent; the link is optional.
    await page.getByRole('button', { name: 'Add Invoice' }).click();
    const add = page.getByRole('dialog', { name: 'Add Invoice' });
    await add.getByRole('button', { name: 'Add Invoice' }).click();
    await add.getByText('Title is required').waitFor();
    await add.getByText('Description is required').waitFor();
    await add.getByLabel('Title').fill('March fleet card');
    await add.getByLabel('Description').fill('Fleet card fuel, March');
    await add.getByLabel('URL').fill('billing.example.com/march.pdf');
    await add.getByRole('button', { name: 'Add Invoice' }).click();
    await add.getByText('Enter a full web address starting with http:// or https://').waitFor();
    expect(await invoicesOf(user)).toEqual([]);
    await add.getByLabel('URL').fill('https://billing.example.com/march.pdf');
    await add.getByRole('button', { name: 'Add Invoice' }).click();
    await expectToast(page, 'Added Successfully');
    await add.waitFor({ state: 'detached' });
    const row = rowWith(page, 'March fleet card');
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('1');
    expect(await row.getByRole('link').getAttribute('href')).toBe(
      'https://billing.example.com/march.pdf',
    );
    expect(await invoicesOf(user)).toMatchObject([
      {
        user_id: user.id,
        title: 'March fleet card',
        description: 'Fleet card fuel, March',
        url: 'https://billing.example.com/march.pdf',
      },
    ]);

    // Show, then Edit from there.
    await row.getByRole('button', { name: 'Show the invoice March fleet card' }).click();
    const show = page.getByRole('dialog', { name: 'Show Invoice' });
    await show.getByText('Fleet card fuel, March').waitFor();
    await show.getByRole('button', { name: 'Edit Invoice' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Invoice' });
    expect(await edit.getByLabel('Title').inputValue()).toBe('March fleet card');
    await edit.getByLabel('Title').fill('March fleet card (corrected)');
    // The link can be taken away: an invoice needs only a title and a description.
    await edit.getByLabel('URL').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Updated Successfully');
    const corrected = rowWith(page, 'March fleet card (corrected)');
    await corrected.getByText('No link').waitFor({ state: 'attached' });
    expect(await corrected.getByRole('link').count()).toBe(0);
    expect(await invoicesOf(user)).toMatchObject([
      { title: 'March fleet card (corrected)', url: null },
    ]);

    // Delete through the shared dialog.
    await rowWith(page, 'March fleet card (corrected)')
      .getByRole('button', { name: 'Delete the invoice March fleet card (corrected)' })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Delete' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expectToast(page, 'Invoice deleted');
    await page.getByText('No records found').waitFor();
    // The request goes once the Undo toast ends (5 s).
    await expect.poll(() => invoicesOf(user), { timeout: 10_000 }).toEqual([]);
  });

  test("keeps what was typed and shows the server's reason when the user was deleted meanwhile", async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    const user = await registerAppUser(stack, 'E2E Vanishing');
    await openInvoices(page, user);
    // Another admin deletes the user while this page is open.
    const removed = await admin.call(`/admin/user/${user.id}`, z.unknown(), {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);

    await page.getByRole('button', { name: 'Add Invoice' }).click();
    const add = page.getByRole('dialog', { name: 'Add Invoice' });
    await add.getByLabel('Title').fill('April fleet card');
    await add.getByLabel('Description').fill('Fleet card fuel, April');
    await add.getByLabel('URL').fill('https://billing.example.com/april.pdf');
    await add.getByRole('button', { name: 'Add Invoice' }).click();
    await expectToast(page, 'The requested user is not found');
    expect(await add.getByLabel('Title').inputValue()).toBe('April fleet card');
    expect(await add.getByLabel('URL').inputValue()).toBe('https://billing.example.com/april.pdf');
    await eventually(
      async () =>
        (await add.getByRole('button', { name: 'Add Invoice' }).isEnabled()) ? true : undefined,
      'the form ready again',
    );
  });
});
