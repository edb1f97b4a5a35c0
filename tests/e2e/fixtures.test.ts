import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from './support/fixtures.ts';

// The fixture itself: it sees console and page errors, lets a test declare the ones it expects,
// and fails a test that leaves one undeclared.
const stack = inject('stack');

async function plantErrors(page: Page) {
  await page.goto(`${stack.urls.app}/robots.txt`);
  await page.evaluate(() => {
    // eslint-disable-next-line no-console -- the error the fixture must see
    console.error('planted console error');
    setTimeout(() => {
      throw new Error('planted page error');
    });
  });
}

describe('the page fixture', () => {
  test('collects console errors and uncaught page errors, less the expected ones', async ({
    page,
    errors,
  }) => {
    await plantErrors(page);
    await expect
      .poll(() => errors.unexpected())
      .toEqual(['planted console error', 'planted page error']);
    errors.expect(/^planted/);
    expect(errors.unexpected()).toEqual([]);
  });

  test.fails('fails a test that leaves an error undeclared', async ({ page, errors }) => {
    await plantErrors(page);
    await expect.poll(() => errors.seen.length).toBe(2);
  });
});
