import { signIn } from './support/clients.ts';
import { registerAppUser, type TestUser } from './support/users.ts';
import { beforeAll } from 'vitest';
import { describe, expect, inject, test } from './support/fixtures.ts';

// The command palette and the shortcuts sheet, with the keyboard alone: Ctrl+K, a user's
// e-mail and Enter open that user's invoices; "?" lists the shortcuts; Escape closes either
// and the focus is back where it was. axe checks both open in accessibility.test.ts.
const stack = inject('stack');
let person: TestUser;

beforeAll(async () => {
  person = await registerAppUser(stack, 'E2E Palette Person');
});

describe('the command palette', { timeout: 120_000 }, () => {
  test("opens a user's invoices from their e-mail, keyboard only", async ({ page }) => {
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/dashboard`);
    await page.getByTestId('page-title').waitFor();

    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: /Search screens/ });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(person.email);
    const option = page.getByRole('option', { name: new RegExp(person.name) });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));

    await page.keyboard.press('Enter');
    await page.waitForURL(`**/view-user/${person.id}`);
    await page.getByText(person.name).first().waitFor();
    expect(await page.getByTestId('command-palette').count()).toBe(0);
  });

  test('"?" lists the shortcuts; Escape closes each and returns the focus', async ({ page }) => {
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/dashboard`);
    const opener = page.getByRole('link', { name: 'Skip to content' });
    await opener.focus();

    await page.keyboard.press('Shift+?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await sheet.waitFor();
    expect(await sheet.getByText('Open the command palette').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.waitFor();
    // "?" typed in the palette is text, not the shortcuts.
    await page.keyboard.type('?');
    expect(await page.getByRole('combobox', { name: /Search screens/ }).inputValue()).toBe('?');
    expect(await sheet.count()).toBe(0);
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('the header button opens it for the mouse', async ({ page }) => {
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/dashboard`);
    await page.getByTestId('command-palette-open').click();
    await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
    await page.getByRole('option', { name: 'Create a new group' }).click();
    await page.waitForURL('**/chat-groups');
    await page.getByRole('dialog', { name: /New Group/i }).waitFor();
  });
});
