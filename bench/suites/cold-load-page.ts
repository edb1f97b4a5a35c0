import type { Browser } from 'playwright-core';
import { describePage, readObserved } from '../support/page.ts';
import type { StorageState } from '../support/session.ts';
import { cumulativeLayoutShift } from '../support/stats.ts';
import { inColdPage } from '../support/visits.ts';

/** After the first screen is up, how long to keep watching for a later, larger paint or shift. */
const SETTLE_MS = 1500;
const READY_TIMEOUT_MS = 60_000;

export interface ColdLoadSample {
  fcp: number;
  lcp: number;
  lcpElement: string | null;
  cls: number;
  /** When the app hid its splash: its first screen was up. */
  firstScreen: number;
  /** /assets/ files the page fetched until idle, as paths relative to the served folder. */
  assets: string[];
  /** Those it started fetching before its first screen was up. */
  assetsBeforeFirstScreen: string[];
  /** Other requests (config, /api) that ended before the first screen, and how long each took. */
  calls: { path: string; ms: number }[];
}

/**
 * One cold load: a fresh context, cache disabled, CPU throttled; done when the app has removed
 * its splash (web/src/app/splash.ts: the first screen is up) and nothing paints for a moment.
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  options: { cpuRate: number; storageState?: StorageState; expectPath: string },
): Promise<ColdLoadSample> {
  return inColdPage(browser, options, async (opened) => {
    const { page } = opened;
    await page.goto(url, { waitUntil: 'load', timeout: READY_TIMEOUT_MS });
    try {
      await page.waitForFunction(() => document.getElementById('splash') === null, undefined, {
        timeout: READY_TIMEOUT_MS,
        polling: 50,
      });
    } catch {
      throw new Error(
        `the first screen never came up (splash still there): ${await describePage(page, opened.errors)}`,
      );
    }
    await page.waitForTimeout(SETTLE_MS);
    const landed = new URL(page.url()).pathname;
    if (landed !== options.expectPath) {
      throw new Error(
        `expected ${options.expectPath}, landed on ${landed}: ${await describePage(page, opened.errors)}`,
      );
    }
    const observed = await readObserved(page);
    if (observed.fcp === null || observed.lcp === null || observed.firstScreen === null) {
      throw new Error(
        'Chromium reported no first-contentful-paint or LCP entry, or no splash hiding',
      );
    }
    const resources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        path: new URL(entry.name).pathname,
        startTime: entry.startTime,
        duration: entry.duration,
      })),
    );
    const assets = resources.filter(
      (r) => r.path.startsWith('/assets/') && /\.(js|css)$/.test(r.path),
    );
    const files = (list: typeof assets) => [...new Set(list.map((r) => r.path.slice(1)))];
    const firstScreen = observed.firstScreen;
    return {
      fcp: observed.fcp,
      lcp: observed.lcp,
      lcpElement: observed.lcpElement,
      cls: cumulativeLayoutShift(observed.shifts),
      firstScreen,
      assets: files(assets),
      assetsBeforeFirstScreen: files(assets.filter((r) => r.startTime <= firstScreen)),
      calls: resources
        .filter((r) => !r.path.startsWith('/assets/') && r.startTime + r.duration <= firstScreen)
        .map((r) => ({ path: r.path, ms: r.duration })),
    };
  });
}
