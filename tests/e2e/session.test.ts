import { signIn } from './support/clients.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

// The session as an admin lives it — sign in, reload, change language, sign out — and the
// redirects: signed-in routes need a session, the sign-in pages send a signed-in admin on.
const stack = inject('stack');

const pathOf = (url: string) => new URL(url).pathname;

describe('the session', () => {
  test('signs in, survives a reload, switches to Japanese and signs out completely', async ({
    page,
  }) => {
    await signIn(page, stack);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('All Users');
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).not.toBeNull();

    await page.reload();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('All Users');
    expect(pathOf(page.url())).toBe('/all-users');

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-ja').click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('全ユーザー');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);

    await page.goto(`${stack.urls.app}/all-users`);
    await page.waitForURL('**/auth/login');
  });

  test('sends a visitor without a session to the login page', async ({ page, errors }) => {
    // Signed-out reads may be refused on the way to the login page.
    errors.expect(REFUSED_REQUEST);
    for (const path of ['/', '/complaints', '/chat-groups', '/auth']) {
      await page.goto(`${stack.urls.app}${path}`);
      await page.waitForURL('**/auth/login');
    }
  });

  test('routes a signed-in admin: / and /auth to the user list, unknown paths to the error page', async ({
    page,
    errors,
  }) => {
    // The unknown path and the sign-out route may leave refused requests behind.
    errors.expect(REFUSED_REQUEST);
    await signIn(page, stack);
    await page.goto(`${stack.urls.app}/`);
    await page.waitForURL('**/all-users');
    await page.goto(`${stack.urls.app}/auth`);
    await page.waitForURL('**/all-users');
    await page.goto(`${stack.urls.app}/no-such-page`);
    await page.waitForURL('**/error/error-v1');
    await page.goto(`${stack.urls.app}/logout`);
    await page.waitForURL('**/auth/login');
  });
});
