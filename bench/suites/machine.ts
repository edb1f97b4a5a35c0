import type { Browser } from 'playwright-core';
import { timedReferenceWorkload } from '../support/reference-workload.ts';
import { measured, type Figure, type FigureSpec } from '../support/report.ts';
import type { Suite } from '../support/suite.ts';

const SECTION = 'Machine';
const ROWS = 100_000;
const RUNS = 5;
/** The first run pays for the engine's warm-up, which is not the machine's speed. */
const UNMEASURED = 1;
const WORK = `${ROWS.toLocaleString('en-US')} rows built, serialized, parsed and sorted`;
const NOTE =
  'the same fixed work in every report: when a timed figure moves by the same factor as these from one report to the next, the machine moved, not the code';

const FIGURES = {
  browser: {
    id: 'machine.browser',
    section: SECTION,
    label: `reference workload in the browser (${WORK}), 1x CPU`,
    unit: 'ms',
  },
  node: {
    id: 'machine.node',
    section: SECTION,
    label: `reference workload in Node (${WORK})`,
    unit: 'ms',
  },
} as const satisfies Record<string, FigureSpec>;

async function inBrowser(browser: Browser): Promise<number[]> {
  const page = await browser.newPage();
  try {
    const times: number[] = [];
    for (let run = 0; run < UNMEASURED + RUNS; run++) {
      const { ms } = await page.evaluate(timedReferenceWorkload, ROWS);
      if (run >= UNMEASURED) times.push(ms);
    }
    return times;
  } finally {
    await page.close();
  }
}

function inNode(): number[] {
  const times: number[] = [];
  for (let run = 0; run < UNMEASURED + RUNS; run++) {
    const { ms } = timedReferenceWorkload(ROWS);
    if (run >= UNMEASURED) times.push(ms);
  }
  return times;
}

/**
 * How fast this machine was during the run, measured on work that never changes. Budgets in
 * milliseconds hold on a given machine only: this is what tells a slower machine from slower code.
 */
export const machineSuite: Suite = {
  id: 'machine',
  figures: Object.values(FIGURES),
  stack: 'browser',
  measure: async ({ browser, log }): Promise<Figure[]> => {
    log.info(`machine: a reference workload, ${RUNS} runs in the browser and in Node…`);
    const browserTimes = await inBrowser(browser);
    return [
      measured(FIGURES.browser, browserTimes, { note: NOTE }),
      measured(FIGURES.node, inNode(), { note: NOTE }),
    ];
  },
};
