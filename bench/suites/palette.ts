import type { Browser, Page } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import { describePage, readMarks, waitForMark } from '../support/page.ts';
import { markSpans } from '../support/marks.ts';
import { inColdPage, NotMeasured, reasonOf, repeatVisits } from '../support/visits.ts';
import { measured, notMeasured, under, type Figure, type FigureSpec } from '../support/report.ts';
import type { StorageState } from '../support/session.ts';

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

/** Every figure this suite gives, for a "not measured" when it cannot run at all. */
export const PALETTE_SPECS: FigureSpec[] = [FIGURE];

async function typeKeys(page: Page) {
  for (let i = 0; i < KEYS.length; i++) {
    const before = (await readMarks(page)).filter((m) => m.name === 'palette:search:painted');
    await page.keyboard.type(KEYS.charAt(i));
    if (!(await waitForMark(page, 'palette:search:painted', KEY_TIMEOUT_MS, before.length + 1))) {
      throw new NotMeasured(
        `no palette:search:painted within ${KEY_TIMEOUT_MS / 1000} s of key ${i + 1}`,
      );
    }
  }
}

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
    if (!(await waitForMark(page, 'palette:ready', USERS_TIMEOUT_MS))) {
      throw new NotMeasured(
        `no palette:ready within ${USERS_TIMEOUT_MS / 1000} s of opening the palette (${await describePage(page, opened.errors)})`,
      );
    }
    await typeKeys(page);
    return markSpans(await readMarks(page), 'palette:search', 'palette:search:painted');
  });
}

/** The command palette's user search over the 100 000-user seed, through the app's own marks. */
export async function measurePalette(deps: {
  browser: Browser;
  appUrl: string;
  signedIn: StorageState | null;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  if (deps.signedIn === null) return [notMeasured(FIGURE, 'no signed-in session')];
  const signedIn = deps.signedIn;
  try {
    const { results, retried } = await repeatVisits(
      deps.runs,
      async () => {
        const spans = await visit(deps.browser, deps.appUrl, signedIn);
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
  } catch (error) {
    const reason = reasonOf(error);
    if (!(error instanceof NotMeasured)) deps.log.warn(`palette benchmark failed: ${reason}`);
    return [notMeasured(FIGURE, reason)];
  }
}
