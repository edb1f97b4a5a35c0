import type { Browser } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import { awaitMark } from '../support/await-mark.ts';
import { markSpans } from '../support/marks.ts';
import { readMarks } from '../support/page.ts';
import { measured, under, type Figure, type FigureSpec } from '../support/report.ts';
import { requireSession, type StorageState } from '../support/session.ts';
import type { Suite } from '../support/suite.ts';
import { inColdPage, repeatVisits } from '../support/visits.ts';

const SECTION = 'Command palette, 100 000 users';
/** The list of 100 000 users comes through the Functions emulator: give it time. */
const USERS_TIMEOUT_MS = 120_000;
const KEY_TIMEOUT_MS = 10_000;
/** A name's first letters then more: the first key matches most users, each next one fewer. */
const KEYS = 'mar';

const FIGURE: FigureSpec = {
  id: 'palette.search',
  section: SECTION,
  label: 'keystroke to results painted in the palette (palette:search → palette:search:painted)',
  unit: 'ms',
  budget: under(50),
};

/** One visit: the palette opened over Dashboard, once All Users' list is in, then the keys. */
async function visit(browser: Browser, appUrl: string, storageState: StorageState) {
  return inColdPage(browser, { storageState }, async (opened) => {
    const { page } = opened;
    await page.goto(`${appUrl}/dashboard`);
    await page.getByTestId('page-title').waitFor();
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: /Search screens/ });
    await input.waitFor();
    // Opening the palette fetches the users (the All Users query) and prepares their search:
    // time the keystrokes, not that.
    await awaitMark(opened, 'palette:ready', USERS_TIMEOUT_MS);
    for (let i = 0; i < KEYS.length; i++) {
      await awaitMark(opened, 'palette:search:painted', KEY_TIMEOUT_MS, {
        act: () => page.keyboard.type(KEYS.charAt(i)),
        what: `key ${i + 1}`,
      });
    }
    return markSpans(await readMarks(page), 'palette:search', 'palette:search:painted');
  });
}

/** The command palette's user search over the 100 000-user seed, through the app's own marks. */
async function measurePalette(deps: {
  browser: Browser;
  appUrl: string;
  signedIn: StorageState;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const { results, retried } = await repeatVisits(
    deps.runs,
    async () => {
      const spans = await visit(deps.browser, deps.appUrl, deps.signedIn);
      deps.log.info(`palette visit: keystrokes ${spans.map(Math.round).join('/')} ms`);
      return spans;
    },
    { retries: 2, log: deps.log, what: 'palette' },
  );
  return [
    measured(FIGURE, results.flat(), {
      note: `typing "${KEYS}" one key at a time in the palette, ${deps.runs} visits${retried.length ? `; ${retried.length} visit(s) made again after the stack failed them` : ''}`,
    }),
  ];
}

/** Part of the `users` suite: the same stack, after the user list. */
export const paletteSuite: Suite = {
  id: 'users',
  figures: [FIGURE],
  stack: 'users-100k',
  measure: ({ browser, stack, signedIn, log }) => {
    log.info('command palette: 3 visits…');
    return measurePalette({
      browser,
      appUrl: stack.stack.urls.app,
      signedIn: requireSession(signedIn),
      runs: 3,
      log,
    });
  },
};
