import type { Browser, Page } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import { awaitMark } from '../support/await-mark.ts';
import { readObserved } from '../support/page.ts';
import { measured, under, type Figure, type FigureSpec } from '../support/report.ts';
import { requireSession, type StorageState } from '../support/session.ts';
import type { Suite } from '../support/suite.ts';
import { inColdPage, NotMeasured, repeatVisits } from '../support/visits.ts';

const SECTION = 'CSV export, 100 000 users';
const ROWS_TIMEOUT_MS = 120_000;
const EXPORT_TIMEOUT_MS = 120_000;
/** The list warms its sort keys in idle time after the first rows: the export starts after. */
const QUIET_MS = 1500;
const QUIET_TIMEOUT_MS = 20_000;

const specs = {
  longestTask: {
    id: 'csv-export.longest-task',
    section: SECTION,
    label: 'longest main-thread task from the Export CSV click to the download',
    unit: 'ms',
    budget: under(50),
  },
  duration: {
    id: 'csv-export.duration',
    section: SECTION,
    label: 'Export CSV click to the download of every row',
    unit: 'ms',
  },
} satisfies Record<string, FigureSpec>;

interface VisitResult {
  longest: number;
  duration: number;
  bytes: number;
}

/** Waits until no long task has come for QUIET_MS, so the figure is the export's own. */
async function quiet(page: Page) {
  const until = Date.now() + QUIET_TIMEOUT_MS;
  let seen = -1;
  let since = Date.now();
  while (Date.now() < until) {
    const count = (await readObserved(page)).longTasks.length;
    if (count !== seen) {
      seen = count;
      since = Date.now();
    } else if (Date.now() - since >= QUIET_MS) {
      return;
    }
    await page.waitForTimeout(250);
  }
  throw new NotMeasured(
    `the list was still running long tasks ${QUIET_TIMEOUT_MS / 1000} s after its rows`,
  );
}

async function visit(
  browser: Browser,
  url: string,
  storageState: StorageState,
): Promise<VisitResult> {
  return inColdPage(browser, { storageState }, async (opened) => {
    const { page } = opened;
    await page.goto(url);
    await awaitMark(opened, 'users:rows:painted', ROWS_TIMEOUT_MS);
    await quiet(page);
    const button = page.getByRole('button', { name: 'Export CSV' });
    if ((await button.count()) === 0) throw new NotMeasured('no Export CSV button on the list');
    const start = await page.evaluate(() => performance.now());
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: EXPORT_TIMEOUT_MS }),
      button.click(),
    ]);
    const end = await page.evaluate(() => performance.now());
    const stream = await download.createReadStream();
    let bytes = 0;
    for await (const chunk of stream) bytes += (chunk as Buffer).length;
    const { longTasks } = await readObserved(page);
    // The observer reports tasks over 50 ms only: none means the longest was shorter.
    const during = longTasks.filter((task) => task.startTime >= start && task.startTime <= end);
    return {
      longest: Math.max(0, ...during.map((task) => task.duration)),
      duration: end - start,
      bytes,
    };
  });
}

/** Export CSV on /all-users over the 100 000-user seed. */
async function measureCsvExport(deps: {
  browser: Browser;
  appUrl: string;
  signedIn: StorageState;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const { results } = await repeatVisits(
    deps.runs,
    async () => {
      const result = await visit(deps.browser, `${deps.appUrl}/all-users`, deps.signedIn);
      deps.log.info(
        `csv export: ${Math.round(result.duration)} ms, longest task ${Math.round(result.longest)} ms, ${result.bytes} bytes`,
      );
      return result;
    },
    { retries: 2, log: deps.log, what: 'csv export' },
  );
  const note = `${deps.runs} exports of every user; files of ${results.map((r) => r.bytes).join(', ')} bytes`;
  return [
    measured(
      specs.longestTask,
      results.map((r) => r.longest),
      { note: `${note}; 0 = no task over 50 ms` },
    ),
    measured(
      specs.duration,
      results.map((r) => r.duration),
      { note },
    ),
  ];
}

export const csvExportSuite: Suite = {
  id: 'csv-export',
  figures: Object.values(specs),
  stack: 'users-100k',
  measure: ({ browser, stack, signedIn, log }) => {
    log.info('csv export: 3 exports…');
    return measureCsvExport({
      browser,
      appUrl: stack.stack.urls.app,
      signedIn: requireSession(signedIn),
      runs: 3,
      log,
    });
  },
};
