import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

const stack = inject('stack');

describe('the login page', () => {
  test('renders the sign-in form and the welcome text', async ({ page }) => {
    await page.goto(`${stack.urls.app}/auth/login`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.getByText(/AI, IoT, big data, robotics, machine learning and analytics/).isVisible(),
      )
      .toBe(true);
    expect(await page.getByLabel('Email').isVisible()).toBe(true);
    // Shown once the page has read what the upstream offers.
    await expect
      .poll(() => page.getByRole('link', { name: /Forgot Password/ }).isVisible())
      .toBe(true);
  });

  test('says the login detail is incorrect for a wrong password, and stays on the page', async ({
    page,
    errors,
  }) => {
    // The refused sign-in is the browser's console line for a 401.
    errors.expect(REFUSED_REQUEST);
    await page.goto(`${stack.urls.app}/auth/login`);
    await page.getByLabel('Email').fill(stack.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('The login detail is incorrect').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
  });
});
