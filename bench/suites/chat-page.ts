import type { Browser, Page } from 'playwright-core';
import { awaitMark } from '../support/await-mark.ts';
import { MESSAGE_MARKER_PATTERN } from '../support/chat-history.ts';
import { markSpans } from '../support/marks.ts';
import { describePage, heapAfterGc, readMarks, readObserved } from '../support/page.ts';
import type { StorageState } from '../support/session.ts';
import { max } from '../support/stats.ts';
import { inColdPage, NotMeasured } from '../support/visits.ts';

export const SCROLL_BACK = 1_000;
const OPEN_TIMEOUT_MS = 30_000;
const SCROLL_TIMEOUT_MS = 90_000;
/** At the top of what is loaded, how long to wait for an older page before giving up. */
const OLDER_PAGE_TIMEOUT_MS = 10_000;
const MIB = 1024 * 1024;

/** Lowest message number rendered in the scroller (tagged data-bench-scroller). */
function oldestShown(page: Page): Promise<number | null> {
  return page.evaluate((pattern) => {
    const scroller = document.querySelector('[data-bench-scroller]');
    const text = scroller?.textContent ?? '';
    let lowest: number | null = null;
    for (const match of text.matchAll(new RegExp(pattern, 'g'))) {
      const n = Number(match[1]);
      if (lowest === null || n < lowest) lowest = n;
    }
    return lowest;
  }, MESSAGE_MARKER_PATTERN.source);
}

/**
 * Finds the element that scrolls the messages (the scrollable box holding the most message
 * markers) and tags it; its centre, for the wheel. Null when there is none.
 */
function tagScroller(page: Page): Promise<{ x: number; y: number } | null> {
  return page.evaluate((pattern) => {
    const re = new RegExp(pattern, 'g');
    let best: { el: Element; count: number } | null = null;
    for (const el of document.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (!/(auto|scroll)/.test(style.overflowY) || el.scrollHeight <= el.clientHeight + 4)
        continue;
      const count = (el.textContent ?? '').match(re)?.length ?? 0;
      if (count > 0 && (best === null || count > best.count)) best = { el, count };
    }
    if (best === null) {
      const page = document.scrollingElement;
      if (page && (page.textContent ?? '').match(re)) best = { el: page, count: 1 };
    }
    if (best === null) return null;
    best.el.setAttribute('data-bench-scroller', '');
    const box = best.el.getBoundingClientRect();
    const height = Math.min(box.height, window.innerHeight);
    return { x: box.left + box.width / 2, y: Math.max(box.top, 0) + height / 2 };
  }, MESSAGE_MARKER_PATTERN.source);
}

interface VisitResult {
  openMs: number;
  longestTaskMs: number;
  longTasks: number;
  scrollMs: number;
  heapMiB: number;
}

export async function visitChat(
  browser: Browser,
  url: string,
  storageState: StorageState,
): Promise<VisitResult> {
  return inColdPage(browser, { storageState }, async (opened) => {
    const { page, cdp } = opened;
    await page.goto(url);
    await awaitMark(opened, 'chat:newest:painted', OPEN_TIMEOUT_MS);
    const openMs = markSpans(await readMarks(page), 'chat:open', 'chat:newest:painted')[0];
    if (openMs === undefined) {
      throw new NotMeasured('chat:newest:painted came without a chat:open mark before it');
    }

    const centre = await tagScroller(page);
    const startOldest = centre ? await oldestShown(page) : null;
    if (!centre || startOldest === null) {
      throw new NotMeasured(
        `the seeded messages (text starting "[m") are not on the page: ${await describePage(page, opened.errors)}`,
      );
    }
    const target = startOldest - SCROLL_BACK;
    await page.mouse.move(centre.x, centre.y);
    const scrollStart = await page.evaluate(() => performance.now());
    const started = Date.now();
    let oldest = startOldest;
    let lastProgress = Date.now();
    while (oldest > target) {
      if (Date.now() - started > SCROLL_TIMEOUT_MS) {
        throw new NotMeasured(
          `scrolled back ${startOldest - oldest} of ${SCROLL_BACK} messages in ${SCROLL_TIMEOUT_MS / 1000} s`,
        );
      }
      if (Date.now() - lastProgress > OLDER_PAGE_TIMEOUT_MS) {
        throw new NotMeasured(
          `older messages stopped coming after ${startOldest - oldest} of ${SCROLL_BACK} (nothing older in ${OLDER_PAGE_TIMEOUT_MS / 1000} s at the top)`,
        );
      }
      await page.mouse.wheel(0, -600);
      await page.waitForTimeout(50);
      const now = await oldestShown(page);
      if (now !== null && now < oldest) {
        oldest = now;
        lastProgress = Date.now();
      }
    }
    const scrollMs = Date.now() - started;
    // Let the last page settle before reading what ran long.
    await page.waitForTimeout(500);
    const observed = await readObserved(page);
    const during = observed.longTasks.filter((t) => t.startTime >= scrollStart);
    return {
      openMs,
      longestTaskMs: during.length ? max(during.map((t) => t.duration)) : 0,
      longTasks: during.length,
      scrollMs,
      heapMiB: (await heapAfterGc(cdp)) / MIB,
    };
  });
}
