import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  CDPSession,
  Page,
} from 'playwright-core';
import { z } from 'zod';
import type { Mark } from './marks.ts';

/** What the observers installed in every benchmarked page collect (window.__bench). */
export const observedSchema = z.object({
  fcp: z.number().nullable(),
  lcp: z.number().nullable(),
  /** The element of the largest contentful paint: tag, id or class, text. */
  lcpElement: z.string().nullable(),
  /** When the app hid its splash (web/src/app/splash.ts): its first screen is up. */
  firstScreen: z.number().nullable(),
  shifts: z.array(
    z.object({ startTime: z.number(), value: z.number(), hadRecentInput: z.boolean() }),
  ),
  longTasks: z.array(z.object({ startTime: z.number(), duration: z.number() })),
});
export type Observed = z.infer<typeof observedSchema>;

declare global {
  interface Window {
    __bench?: Observed;
  }
}

/**
 * Runs in the page before any of its scripts (addInitScript), so nothing is missed: long tasks
 * have no buffered entries to ask for later. A string, not a function: tsx compiles named
 * functions with an `__name` helper that does not exist in the page.
 */
const OBSERVERS_SCRIPT = `(() => {
  const store = { fcp: null, lcp: null, lcpElement: null, firstScreen: null, shifts: [], longTasks: [] };
  window.__bench = store;
  let sawSplash = false;
  new MutationObserver(() => {
    const splash = document.getElementById('splash');
    if (splash) sawSplash = true;
    if (sawSplash && store.firstScreen === null && (!splash || splash.hasAttribute('data-hidden'))) {
      store.firstScreen = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-hidden'] });
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // An entry type this browser does not know leaves its figure empty.
    }
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') store.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => {
    store.lcp = e.startTime;
    const el = e.element;
    store.lcpElement = el
      ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : el.classList.length ? '.' + el.classList[0] : '') +
        ' "' + (el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40) + '"'
      : null;
  });
  observe('layout-shift', (e) => {
    store.shifts.push({ startTime: e.startTime, value: e.value, hadRecentInput: e.hadRecentInput });
  });
  observe('longtask', (e) => { store.longTasks.push({ startTime: e.startTime, duration: e.duration }); });
})();`;

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Uncaught errors and failed /api calls of the page, for a diagnosis when a figure cannot be taken. */
  errors: string[];
  close(): Promise<void>;
}

export interface OpenOptions {
  storageState?: BrowserContextOptions['storageState'];
  /** Chromium's CPU slowdown factor (1 = none). */
  cpuRate?: number;
  viewport?: { width: number; height: number };
}

/**
 * A cold page: a fresh context (empty cache, no service worker), the HTTP cache disabled, the
 * CPU throttled as asked, and the observers installed.
 */
export async function openPage(browser: Browser, options: OpenOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    serviceWorkers: 'block',
    ...(options.storageState === undefined ? {} : { storageState: options.storageState }),
  });
  await context.addInitScript(OBSERVERS_SCRIPT);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/') && response.status() >= 400) {
      errors.push(`${response.request().method()} ${pathname} → HTTP ${response.status()}`);
    }
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuRate ?? 1 });
  return { context, page, cdp, errors, close: () => context.close() };
}

export async function readObserved(page: Page): Promise<Observed> {
  return observedSchema.parse(await page.evaluate(() => window.__bench ?? null));
}

const marksSchema = z.array(z.object({ name: z.string(), startTime: z.number() }));

/** The page's Performance marks, in time order. */
export async function readMarks(page: Page): Promise<Mark[]> {
  return marksSchema.parse(
    await page.evaluate(() =>
      performance.getEntriesByType('mark').map((m) => ({ name: m.name, startTime: m.startTime })),
    ),
  );
}

/** Waits until the page holds at least `count` marks named `name`; false on timeout. */
export async function waitForMark(
  page: Page,
  name: string,
  timeoutMs: number,
  count = 1,
): Promise<boolean> {
  try {
    await page.waitForFunction(
      ([mark, atLeast]) => performance.getEntriesByName(mark, 'mark').length >= atLeast,
      [name, count] as const,
      { timeout: timeoutMs, polling: 50 },
    );
    return true;
  } catch {
    return false;
  }
}

/** What the page shows, shortened, and what went wrong in it, for a "not measured" line. */
export async function describePage(page: Page, errors: readonly string[] = []): Promise<string> {
  const text = await page
    .evaluate(() => (document.querySelector('main') ?? document.body).innerText)
    .catch(() => '');
  const shown = text.replace(/\s+/g, ' ').trim().slice(0, 120);
  const failures = errors.length ? `; errors: ${[...new Set(errors)].slice(0, 5).join(', ')}` : '';
  return `${new URL(page.url()).pathname} shows "${shown}"${failures}`;
}

/** The JS heap of the page after a full garbage collection, in bytes. */
export async function heapAfterGc(cdp: CDPSession): Promise<number> {
  // Two passes: the first frees what finalizers of the first release.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}
