import type { Browser, Locator } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import { awaitMark } from '../support/await-mark.ts';
import { longestTask, markSpans, type Mark } from '../support/marks.ts';
import { readMarks, readObserved, type OpenedPage } from '../support/page.ts';
import { measured, under, type Figure, type FigureSpec } from '../support/report.ts';
import { requireSession, type StorageState } from '../support/session.ts';
import type { Suite } from '../support/suite.ts';
import { inColdPage, NotMeasured, repeatVisits, warmUp } from '../support/visits.ts';

const SECTION = 'User list, 100 000 users';
/** The reply of 100 000 users goes through the Functions emulator: give it time. */
const ROWS_TIMEOUT_MS = 120_000;
const INTERACTION_TIMEOUT_MS = 10_000;
const SORTS = 3;
const FILTER_KEYS = 'mar';

const spec = (id: string, label: string, budget?: FigureSpec['budget']): FigureSpec => ({
  id: `users.${id}`,
  section: SECTION,
  label,
  unit: 'ms',
  ...(budget ? { budget } : {}),
});

const specs = {
  rows: spec('rows', 'reply to first rows painted (users:reply → users:rows:painted)', under(100)),
  sort: spec('sort', 'sort to rows painted (users:sort → users:sort:painted)', under(100)),
  filter: spec(
    'filter',
    'filter keystroke to rows painted (users:filter → users:filter:painted)',
    under(100),
  ),
  taskAfter: spec(
    'longest-task-after-reply',
    'longest task from the reply to the last interaction',
    under(200),
  ),
  taskBefore: spec(
    'longest-task-before-reply',
    'longest task from navigation to the reply parsed (download, parse)',
    under(200),
  ),
};

async function firstVisible(candidates: Locator[]): Promise<Locator | null> {
  for (const candidate of candidates) {
    const first = candidate.first();
    if ((await first.count()) > 0 && (await first.isVisible())) return first;
  }
  return null;
}

/** Repeats `act`, each time until one more `<mark>:painted`. */
async function interact(
  opened: OpenedPage,
  mark: string,
  times: number,
  act: (i: number) => Promise<void>,
) {
  for (let i = 0; i < times; i++) {
    await awaitMark(opened, `${mark}:painted`, INTERACTION_TIMEOUT_MS, {
      act: () => act(i),
      what: `action ${i + 1}`,
    });
  }
}

interface VisitResult {
  rows: number;
  sorts: number[];
  filters: number[];
  longestBefore: { duration: number; where: string };
  longestAfter: { duration: number; where: string };
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
    const rows = markSpans(await readMarks(page), 'users:reply', 'users:rows:painted')[0];
    if (rows === undefined)
      throw new NotMeasured('users:rows:painted came without users:reply before it');

    const sortControl = await firstVisible([
      page.getByRole('columnheader').getByRole('button'),
      page.locator('th[aria-sort]'),
    ]);
    if (!sortControl)
      throw new NotMeasured('no sortable column (a button in a column header) on the page');
    await interact(opened, 'users:sort', SORTS, () => sortControl.click());

    const filterBox = await firstVisible([
      page.getByRole('searchbox'),
      page.getByPlaceholder(/search|filter/i),
      page.getByLabel(/search|filter/i),
    ]);
    if (!filterBox) throw new NotMeasured('no search or filter box on the page');
    await filterBox.click();
    await interact(opened, 'users:filter', FILTER_KEYS.length, (i) =>
      page.keyboard.type(FILTER_KEYS.charAt(i)),
    );

    const marks = await readMarks(page);
    const reply = marks.find((m) => m.name === 'users:reply') as Mark;
    const { longTasks } = await readObserved(page);
    return {
      rows,
      sorts: markSpans(marks, 'users:sort', 'users:sort:painted'),
      filters: markSpans(marks, 'users:filter', 'users:filter:painted'),
      longestBefore: longestTask(
        longTasks.filter((t) => t.startTime < reply.startTime),
        marks,
        reply,
      ),
      longestAfter: longestTask(
        longTasks.filter((t) => t.startTime >= reply.startTime),
        marks,
        reply,
      ),
    };
  });
}

/** /all-users over the 100 000-user seed, through the app's own Performance marks. */
async function measureUserList(deps: {
  browser: Browser;
  appUrl: string;
  signedIn: StorageState;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const url = `${deps.appUrl}/all-users`;
  await warmUp(() => visit(deps.browser, url, deps.signedIn));
  const { results, retried } = await repeatVisits(
    deps.runs,
    async () => {
      const result = await visit(deps.browser, url, deps.signedIn);
      deps.log.info(
        `user list visit: rows ${Math.round(result.rows)} ms, sorts ${result.sorts.map(Math.round).join('/')} ms, filters ${result.filters.map(Math.round).join('/')} ms`,
      );
      return result;
    },
    { retries: 2, log: deps.log, what: 'user list' },
  );
  return [
    measured(
      specs.rows,
      results.map((r) => r.rows),
      {
        note: `${deps.runs} cold visits, 1x CPU${retried.length ? `; ${retried.length} visit(s) made again after the stack failed them: ${retried.join('; ')}` : ''}`,
      },
    ),
    measured(
      specs.sort,
      results.flatMap((r) => r.sorts),
      {
        note: `${SORTS} clicks on the first sortable column header per visit`,
      },
    ),
    measured(
      specs.filter,
      results.flatMap((r) => r.filters),
      {
        note: `typing "${FILTER_KEYS}" one key at a time in the search box, per visit`,
      },
    ),
    measured(
      specs.taskAfter,
      results.map((r) => r.longestAfter.duration),
      { note: `per visit: ${results.map((r) => r.longestAfter.where).join('; ')}` },
    ),
    measured(
      specs.taskBefore,
      results.map((r) => r.longestBefore.duration),
      { note: `per visit: ${results.map((r) => r.longestBefore.where).join('; ')}` },
    ),
  ];
}

export const userListSuite: Suite = {
  id: 'users',
  figures: Object.values(specs),
  stack: 'users-100k',
  measure: ({ browser, stack, signedIn, log }) => {
    log.info('user list: 3 visits…');
    return measureUserList({
      browser,
      appUrl: stack.stack.urls.app,
      signedIn: requireSession(signedIn),
      runs: 3,
      log,
    });
  },
};
