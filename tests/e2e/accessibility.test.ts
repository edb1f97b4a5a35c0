import type { Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { blockingViolations } from './support/axe.ts';
import { signIn } from './support/clients.ts';
import { askAsSecondAdmin } from './support/pushes.ts';
import { openInvoices, registerInvoicedUser, SCREENS, type Ready } from './support/screens.ts';
import type { TestUser } from './support/users.ts';
import {
  describe,
  expect,
  inject,
  PHONE,
  REFUSED_REQUEST,
  test,
  THEMES_AND_SIZES,
} from './support/fixtures.ts';

// Someone on a screen reader, on the keyboard or with low vision uses every screen, signed out
// and signed in, in the light and the dark theme, on a laptop and on a phone: axe's WCAG 2.1 A
// and AA rules find nothing serious or critical on any of them.
const stack = inject('stack');

const heading: Ready = (page) => page.getByRole('heading', { level: 1 }).first().waitFor();
const SIGNED_OUT: { path: string; ready: Ready }[] = [
  { path: '/auth/login', ready: heading },
  { path: '/auth/registration', ready: heading },
  { path: '/auth/forgot-password', ready: heading },
  { path: '/auth/forgot-password/reset-token/admin%40fuel-community.test', ready: heading },
];

/** A user of this file's own with an invoice, so the invoice view has a row to check. */
let invoiced: TestUser;

beforeAll(async () => {
  invoiced = await registerInvoicedUser(stack, 'E2E Axe');
  // A request from another admin: the Approvals inbox shows it with Approve and Reject.
  await askAsSecondAdmin(stack, `E2E Axe held ${Date.now()}`);
});

describe('every screen', { timeout: 600_000 }, () => {
  test.for(THEMES_AND_SIZES)(
    'has no serious or critical accessibility violation, $name',
    async ({ colorScheme, viewport }, { openPage, errors }) => {
      // The unknown path may leave refused requests behind.
      errors.expect(REFUSED_REQUEST);
      const page = await openPage({ viewport, colorScheme });
      const found: Record<string, string[]> = {};
      const check = async (screen: string) => {
        const violations = await blockingViolations(page);
        if (violations.length > 0) found[screen] = violations;
      };
      const visit = async (path: string, ready: Ready) => {
        await page.goto(`${stack.urls.app}${path}`);
        await ready(page);
        await check(path);
      };

      for (const screen of SIGNED_OUT) await visit(screen.path, screen.ready);
      await signIn(page, stack);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        colorScheme === 'dark',
      );
      for (const screen of SCREENS) await visit(screen.path, screen.ready);

      await openInvoices(page, stack.urls.app, invoiced.name);
      await page.getByRole('button', { name: 'Delete the invoice Invoice INV-2048' }).waitFor();
      await check('/view-user');

      await page.goto(`${stack.urls.app}/chat-groups`);
      await page.getByRole('link', { name: /View/ }).first().click();
      await page.waitForURL('**/chats/*');
      await expect.poll(() => page.getByTestId('composer-input').isEnabled()).toBe(true);
      await check('/chats/:groupid');

      if (viewport === PHONE) await checkMenu(page, check);
      await checkCommands(page, check);

      await page.goto(`${stack.urls.app}/no-such-page`);
      await page.waitForURL('**/error/error-v1');
      await heading(page);
      await check('the error page');

      expect(found).toEqual({});
    },
  );
});

/** The phone's menu drawer, open over All Users. */
async function checkMenu(page: Page, check: (screen: string) => Promise<void>) {
  await page.goto(`${stack.urls.app}/all-users`);
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .waitFor();
  await page.getByTestId('mobile-menu-toggle').click();
  await page.getByTestId('mobile-menu').waitFor();
  await check('the menu drawer');
  await page.keyboard.press('Escape');
  await page.getByTestId('mobile-menu').waitFor({ state: 'detached' });
}

/** The command palette (Ctrl+K) and the shortcuts sheet ("?"), each open over Dashboard. */
async function checkCommands(page: Page, check: (screen: string) => Promise<void>) {
  await page.goto(`${stack.urls.app}/dashboard`);
  await page.getByTestId('page-title').waitFor();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: /Search screens/ }).fill('a');
  await page.getByRole('option').first().waitFor();
  await check('the command palette');
  await page.keyboard.press('Escape');
  await page.getByTestId('command-palette').waitFor({ state: 'detached' });
  await page.keyboard.press('Shift+?');
  await page.getByTestId('shortcuts-sheet').waitFor();
  await check('the shortcuts sheet');
  await page.keyboard.press('Escape');
  await page.getByTestId('shortcuts-sheet').waitFor({ state: 'detached' });
}
