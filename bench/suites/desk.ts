import path from 'node:path';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import { encodePng } from '../../dev/api/png.ts';
import { awaitMark } from '../support/await-mark.ts';
import { markSpans } from '../support/marks.ts';
import { readMarks, type OpenedPage } from '../support/page.ts';
import { measured, under, type Figure } from '../support/report.ts';
import { signedInState, type StorageState } from '../support/session.ts';
import type { Suite, WithStack } from '../support/suite.ts';
import { inColdPage, NotMeasured, repeatVisits, warmUp } from '../support/visits.ts';

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

async function moves(opened: OpenedPage): Promise<number[]> {
  const { page } = opened;
  await page.locator('input[data-row="0"][data-col="0"]').click();
  for (let i = 0; i < MOVES; i += 1) {
    await awaitMark(opened, 'desk:move:painted', KEY_TIMEOUT_MS, {
      act: () => page.keyboard.press('ArrowDown'),
      what: `move ${i + 1}`,
    });
  }
  return markSpans(await readMarks(page), 'desk:move', 'desk:move:painted');
}

async function visit(browser: Browser, url: string, state: StorageState) {
  return inColdPage(browser, { storageState: state }, async (opened) => {
    const { page } = opened;
    await page.goto(url);
    await awaitMark(opened, 'desk:rows:painted', OPEN_TIMEOUT_MS);
    const render = markSpans(await readMarks(page), 'desk:rows', 'desk:rows:painted')[0];
    if (render === undefined) throw new NotMeasured('desk:rows:painted without desk:rows');
    return { render, moves: await moves(opened) };
  });
}

/** The desk over 50 groups x the seed's 3 types on a stack of its own, through the app's marks. */
async function measureDesk(deps: {
  browser: Browser;
  workDir: string;
  withStack: WithStack;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const dataDir = path.join(deps.workDir, 'desk');
  fs.rmSync(dataDir, { recursive: true, force: true });
  return deps.withStack({ dataDir, reset: true }, async (started) => {
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
  });
}

export const deskSuite: Suite = {
  id: 'desk',
  figures: Object.values(specs),
  stack: 'browser',
  measure: (env) => {
    env.log.info('desk: 50 groups x 3 types, 3 visits of 10 moves…');
    return measureDesk({ ...env, runs: 3 });
  },
};
