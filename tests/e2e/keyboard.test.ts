import type { Locator, Page } from 'playwright-core';
import { afterAll } from 'vitest';
import { adminApi } from './support/admin-api.ts';
import { ownerDatabase } from './support/clients.ts';
import { deviceToken, mirrorDevices, registerAppUser } from './support/users.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

// An admin who cannot use a mouse does a whole errand with the keyboard alone — sign in, send a
// notification to one user, sign out — and sees at every step where the focus is.
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);
afterAll(async () => {
  await owner.close();
});

/** Where the focus is, and whether it shows: an outline, or a ring (a spread-only box shadow). */
function focusState(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return { on: 'body', shown: false };
    const style = getComputedStyle(active);
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) >= 1 &&
      !/rgba\(.*,\s*0\)$/.test(style.outlineColor);
    // A ring is a shadow without offset or blur that spreads at least a pixel, in a colour that shows.
    const ring = style.boxShadow
      .split(/,(?![^(]*\))/)
      .some((layer) => /^(?!rgba\([^)]*,\s*0\))\S.*\b0px 0px 0px [1-9]/.test(layer.trim()));
    const name =
      active.getAttribute('aria-label') ??
      active.getAttribute('placeholder') ??
      (active.textContent ?? '').trim().slice(0, 40);
    return { on: `${active.tagName.toLowerCase()} "${name}"`, shown: outline || ring };
  });
}

/**
 * Fails unless the focus is on an element other than the page, drawn so one can see it (once
 * its focus transition has run).
 */
async function expectVisibleFocus(page: Page) {
  await expect
    .poll(async () => {
      const state = await focusState(page);
      return state.shown ? 'shown' : `no visible focus on ${state.on}`;
    })
    .toBe('shown');
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus at each stop. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let stop = 0; stop < 80; stop += 1) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached ${target.toString()}`);
}

describe('the keyboard alone', () => {
  test('signs in, sends a notification to one user and signs out, the focus visible throughout', async ({
    page,
  }) => {
    const user = await registerAppUser(stack, 'E2E Keyboard', [deviceToken('phone')]);
    await mirrorDevices(admin, owner.db, user);
    await page.goto(`${stack.urls.app}/auth/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(stack.admin.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(stack.admin.password);
    await tabTo(page, page.getByRole('button', { name: 'Sign In' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/all-users');
    await page
      .getByRole('button', { name: /^Delete / })
      .first()
      .waitFor();

    await tabTo(page, page.getByRole('link', { name: 'Send Notification' }).first());
    await page.keyboard.press('Enter');
    await page.waitForURL('**/send-notification');
    await expectVisibleFocus(page);

    await tabTo(page, page.getByRole('searchbox'));
    await page.keyboard.type(user.name);
    await page.getByText('Showing 1–1 of 1').waitFor();
    const sendTo = page.getByRole('button', { name: `Send a notification to ${user.name}` });
    await tabTo(page, sendTo);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Send a notification to ${user.name}` });
    await dialog.waitFor();
    await expectVisibleFocus(page);
    await tabTo(page, dialog.getByLabel('Title'));
    await page.keyboard.type(`Keyboard only ${user.id}`);
    await tabTo(page, dialog.getByLabel('Description'));
    await page.keyboard.type('Sent without a mouse.');
    await tabTo(page, dialog.getByRole('button', { name: 'Send', exact: true }));
    await page.keyboard.press('Enter');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Notifications sent' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Closing the dialog hands the focus back to the button that opened it.
    await expect
      .poll(async () => (await focusState(page)).on)
      .toBe(`button "Send a notification to ${user.name}"`);
    await expectVisibleFocus(page);

    await tabTo(page, page.getByTestId('user-menu'), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByTestId('sign-out'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/auth/login');
  });
});
