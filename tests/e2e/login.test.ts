import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { newPage } from './support/clients.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('the login page', () => {
  it('renders the sign-in form and the welcome text', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(`${stack.urls.app}/auth/login`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sign in' }).isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.getByText(/AI, IoT, big data, robotics, machine learning and analytics/).isVisible(),
      )
      .toBe(true);
    expect(await page.getByLabel('Email').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Forgot Password/ }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says the login detail is incorrect for a wrong password, and stays on the page', async () => {
    const { page, context } = await newPage(browser);
    await page.goto(`${stack.urls.app}/auth/login`);
    await page.getByLabel('Email').fill(stack.admin.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('The login detail is incorrect').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeNull();
    await context.close();
  });
});
