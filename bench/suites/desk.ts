import path from 'node:path';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import { encodePng } from '../../dev/api/png.ts';
import { markSpans } from '../support/marks.ts';
import { describePage, readMarks, waitForMark } from '../support/page.ts';
import { measured, notMeasured, under, type Figure, type FigureSpec } from '../support/report.ts';
import { signedInState, type StorageState } from '../support/session.ts';
import { startBenchStack } from '../support/stacks.ts';
import { inColdPage, NotMeasured, reasonOf, repeatVisits, warmUp } from '../support/visits.ts';

const SECTION = 'Price desk, 50 groups x 3 fuel price types';
const GROUPS = 50;
const MOVES = 10;
const OPEN_TIMEOUT_MS = 60_000;
const KEY_TIMEOUT_MS = 5_000;

const specs = {
  render: {
    id: 'desk.render',
    section: SECTION,
    label: 'rows in hand to the grid painted (desk:rows → desk:rows:painted)',
    unit: 'ms',
    budget: under(200),
  },
  move: {
    id: 'desk.move',
    section: SECTION,
    label: 'arrow key to the next cell painted focused (desk:move → desk:move:painted)',
    unit: 'ms',
    budget: under(16),
  },
} as const;

export const DESK_SPECS: FigureSpec[] = Object.values(specs);

/** Groups made through the upstream API until the stack holds GROUPS of them. */
async function fillGroups(apiUrl: string, admin: { email: string; password: string }) {
  const login = await fetch(`${apiUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...admin, device_id: '' }),
  });
  const token = ((await login.json()) as { payload: { token: string } }).payload.token;
  const auth = { authorization: `Bearer ${token}` };
  const listed = await fetch(`${apiUrl}/admin/groups`, { headers: auth });
  const have = ((await listed.json()) as { payload: unknown[] }).payload.length;
  const png = encodePng(8, 8, new Uint8Array(8 * 8 * 3).fill(200));
  for (let i = have; i < GROUPS; i += 1) {
    const form = new FormData();
    form.set('name', `Desk bench group ${i + 1}`);
    form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'group.png');
    const reply = await fetch(`${apiUrl}/admin/groups`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (!reply.ok) throw new Error(`creating a group: HTTP ${reply.status}`);
  }
}

async function moves(page: Page): Promise<number[]> {
  await page.locator('input[data-row="0"][data-col="0"]').click();
  for (let i = 0; i < MOVES; i += 1) {
    const before = (await readMarks(page)).filter((m) => m.name === 'desk:move:painted').length;
    await page.keyboard.press('ArrowDown');
    if (!(await waitForMark(page, 'desk:move:painted', KEY_TIMEOUT_MS, before + 1))) {
      throw new NotMeasured(
        `no desk:move:painted within ${KEY_TIMEOUT_MS / 1000} s of move ${i + 1}`,
      );
    }
  }
  return markSpans(await readMarks(page), 'desk:move', 'desk:move:painted');
}

async function visit(browser: Browser, url: string, state: StorageState) {
  return inColdPage(browser, { storageState: state }, async (opened) => {
    const { page } = opened;
    await page.goto(url);
    if (!(await waitForMark(page, 'desk:rows:painted', OPEN_TIMEOUT_MS))) {
      throw new NotMeasured(
        `no desk:rows:painted within ${OPEN_TIMEOUT_MS / 1000} s (${await describePage(page, opened.errors)})`,
      );
    }
    const render = markSpans(await readMarks(page), 'desk:rows', 'desk:rows:painted')[0];
    if (render === undefined) throw new NotMeasured('desk:rows:painted without desk:rows');
    return { render, moves: await moves(page) };
  });
}

/** The desk over 50 groups x the seed's 3 types on a stack of its own, through the app's marks. */
export async function measureDesk(deps: {
  browser: Browser;
  workDir: string;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const dataDir = path.join(deps.workDir, 'desk');
  fs.rmSync(dataDir, { recursive: true, force: true });
  try {
    const started = await startBenchStack({ dataDir, reset: true, log: deps.log });
    try {
      const { urls, admin } = started.stack;
      await fillGroups(urls.api, admin);
      const state = await signedInState(deps.browser, urls.app, admin);
      const url = `${urls.app}/today-prices`;
      await warmUp(() => visit(deps.browser, url, state));
      const { results } = await repeatVisits(deps.runs, () => visit(deps.browser, url, state), {
        retries: 2,
        log: deps.log,
        what: 'desk',
      });
      for (const r of results) {
        deps.log.info(
          `desk: render ${Math.round(r.render)} ms, moves ${r.moves.map(Math.round).join('/')} ms`,
        );
      }
      const note = `${GROUPS} groups x 3 types, signed in, 1x CPU, 1280x800; ${deps.runs} visits`;
      return [
        measured(
          specs.render,
          results.map((r) => r.render),
          { note },
        ),
        measured(
          specs.move,
          results.flatMap((r) => r.moves),
          {
            note: `${MOVES} ArrowDown presses per visit; ${note}`,
          },
        ),
      ];
    } finally {
      await started.stop();
    }
  } catch (error) {
    const reason = reasonOf(error);
    deps.log.warn(`desk benchmark failed: ${reason}`);
    return DESK_SPECS.map((s) => notMeasured(s, reason));
  }
}
