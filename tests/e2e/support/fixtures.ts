import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test as base, expect } from 'vitest';
import { launchBrowser } from '../../support/browser.ts';

/**
 * The end-to-end tests' `test`: each test is handed signed-out pages in fresh browser contexts,
 * and when it ends the contexts are closed and the test fails on any console error or uncaught
 * page error it did not declare as expected. A test reads as: take `page`, act, `await expect(…)`.
 */

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** Each theme on each size: the four ways an admin sees a screen. */
export const THEMES_AND_SIZES = [
  { name: 'light, on a laptop', colorScheme: 'light', viewport: DESKTOP },
  { name: 'dark, on a laptop', colorScheme: 'dark', viewport: DESKTOP },
  { name: 'light, on a phone', colorScheme: 'light', viewport: PHONE },
  { name: 'dark, on a phone', colorScheme: 'dark', viewport: PHONE },
] as const;

/** The browser's own console line for a refused request: the 4xx that failure tests provoke. */
export const REFUSED_REQUEST = /^Failed to load resource/;

export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** False for a page that is the test's own client rather than the app. */
  checkErrors?: boolean;
}

/** Console errors and uncaught page errors of every page of one test, and what it expects. */
export class ErrorLog {
  readonly seen: string[] = [];
  readonly #expected: RegExp[] = [];

  /** Marks errors matching any of `patterns` as expected in this test. */
  expect(...patterns: RegExp[]): void {
    this.#expected.push(...patterns);
  }

  watch(page: Page): void {
    page.on('pageerror', (error) => this.seen.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') this.seen.push(message.text());
    });
  }

  unexpected(): string[] {
    return this.seen.filter((line) => !this.#expected.some((pattern) => pattern.test(line)));
  }
}

interface Fixtures {
  /** One Chromium per test file; tests take it only for pages a helper opens itself. */
  browser: Browser;
  /** Declares console or page errors a test provokes on purpose. */
  errors: ErrorLog;
  /** Opens one more page in its own context (a second user, another viewport). */
  openPage: (options?: PageOptions) => Promise<Page>;
  /** A desktop page in a fresh context. */
  page: Page;
}

export const test = base.extend<Fixtures>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from this pattern
    async ({}, use) => {
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's needs from this pattern
  errors: async ({}, use) => {
    await use(new ErrorLog());
  },
  openPage: async ({ browser, errors }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ viewport = DESKTOP, colorScheme, checkErrors = true }: PageOptions = {}) => {
      const context = await browser.newContext({ viewport, colorScheme });
      contexts.push(context);
      const page = await context.newPage();
      if (checkErrors) errors.watch(page);
      return page;
    });
    await Promise.all(contexts.map((context) => context.close()));
    expect(errors.unexpected(), 'console or page errors').toEqual([]);
  },
  page: async ({ openPage }, use) => {
    await use(await openPage());
  },
});

// Tests that open no page stay plain `it`.
export { describe, expect, inject, it } from 'vitest';
