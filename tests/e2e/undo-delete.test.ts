import type { Page } from 'playwright-core';
import { adminApi } from './support/admin-api.ts';
import { signIn } from './support/clients.ts';
import {
  expectToast,
  listedUser,
  registerAppUser,
  rowWith,
  type TestUser,
  searchOne,
} from './support/users.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

// Undoable deletes on All Users against the local stack: the row leaves at once, Undo brings
// it back and nothing reaches the upstream API; otherwise the user is deleted upstream when the
// toast ends, or at once when the page is closed before that.
const stack = inject('stack');
const admin = adminApi(stack);

/** Signs in, finds the user and deletes it through the confirm dialog. */
async function deleteUser(page: Page, user: TestUser) {
  await signIn(page, stack);
  await searchOne(page, user.name);
  await rowWith(page, user.name)
    .getByRole('button', { name: `Delete ${user.name}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.waitFor({ state: 'detached' });
  await rowWith(page, user.name).waitFor({ state: 'detached' });
  await expectToast(page, 'User deleted');
}

const stillUpstream = async (user: TestUser) => (await listedUser(admin, user.id)) !== undefined;

describe('undoable deletes', () => {
  test('Undo brings the user back, and the user was never deleted upstream', async ({ page }) => {
    const user = await registerAppUser(stack, 'E2E Undone');
    await deleteUser(page, user);
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'User deleted' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await rowWith(page, user.name).waitFor();
    // Past the Undo window: nothing was sent.
    await page.waitForTimeout(6000);
    expect(await rowWith(page, user.name).count()).toBe(1);
    expect(await stillUpstream(user)).toBe(true);
  });

  test('without Undo the user is deleted upstream once the toast ends', async ({ page }) => {
    const user = await registerAppUser(stack, 'E2E Let Go');
    await deleteUser(page, user);
    // Within the Undo window nothing has been sent yet.
    expect(await stillUpstream(user)).toBe(true);
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'User deleted' })
      .waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => stillUpstream(user), { timeout: 10_000 }).toBe(false);
    expect(await rowWith(page, user.name).count()).toBe(0);
  });

  test('closing the page within the Undo window still deletes the user upstream', async ({
    page,
  }) => {
    const user = await registerAppUser(stack, 'E2E Closed Tab');
    await deleteUser(page, user);
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => stillUpstream(user), { timeout: 4000 }).toBe(false);
  });
});
