import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { describe, expect, inject, it, test } from './support/fixtures.ts';

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

describe('starting the browser', () => {
  const crash = () => Promise.reject(new Error('Target page, context or browser has been closed'));

  it('starts Chromium again when it crashes while starting', async () => {
    const browser = { name: 'started' } as unknown as Browser;
    let tries = 0;
    const launch = () => {
      tries += 1;
      return tries < 3 ? crash() : Promise.resolve(browser);
    };
    await expect(launchBrowser(launch, 3)).resolves.toBe(browser);
    expect(tries).toBe(3);
  });

  it('gives up with the crash after the last attempt', async () => {
    let tries = 0;
    const launch = () => {
      tries += 1;
      return crash();
    };
    await expect(launchBrowser(launch, 3)).rejects.toThrow('has been closed');
    expect(tries).toBe(3);
  });
});
