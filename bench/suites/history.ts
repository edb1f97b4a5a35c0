import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import type { Browser } from 'playwright-core';
import { DATABASE_NAMESPACE } from '../../dev/emulators.ts';
import type { Logger } from '../../dev/logger.ts';
import { paths, type Alert } from '../../functions/src/contracts/index.ts';
import { awaitMark } from '../support/await-mark.ts';
import { markSpans } from '../support/marks.ts';
import { heapAfterGc, readMarks } from '../support/page.ts';
import { atMost, measured, under, type Figure } from '../support/report.ts';
import { signedInState, type StorageState } from '../support/session.ts';
import type { BenchStack } from '../support/stacks.ts';
import { median } from '../support/stats.ts';
import type { Suite, WithStack } from '../support/suite.ts';
import { inColdPage, NotMeasured, repeatVisits, warmUp } from '../support/visits.ts';

const SECTION = 'Notifications History, 100 000 alerts';
const LONG = 100_000;
const SHORT = 1_000;
const OPEN_TIMEOUT_MS = 30_000;
const MIB = 1024 * 1024;

const specs = {
  open: {
    id: 'history.first-page',
    section: SECTION,
    label: 'open to first page painted (history:open → history:page:painted)',
    unit: 'ms',
    budget: under(300),
  },
  fromNavigation: {
    id: 'history.first-page-from-navigation',
    section: SECTION,
    label: 'navigation start to first page painted (the shell and the page loading included)',
    unit: 'ms',
  },
  heapLong: {
    id: 'history.heap-100k',
    section: SECTION,
    label: 'JS heap after GC, first page of 100 000 alerts',
    unit: 'MiB',
  },
  heapShort: {
    id: 'history.heap-1k',
    section: SECTION,
    label: 'JS heap after GC, first page of 1 000 alerts',
    unit: 'MiB',
  },
  heapRatio: {
    id: 'history.heap-ratio',
    section: SECTION,
    label: 'JS heap with 100 000 alerts / with 1 000 (medians)',
    unit: 'score',
    budget: atMost(1.1),
  },
} as const;

/**
 * `count` alerts a minute apart, and the functions' count of them, written into the offline
 * database's data file before the stack starts: through the database, each would fire
 * onAlertCreated, minutes of push work unrelated to the history screen.
 */
function prepareHistory(dataDir: string, count: number): void {
  const first = Date.now() - count * 60_000;
  const alerts: Record<string, Alert> = {};
  for (let i = 0; i < count; i += 1) {
    const id = `-Bench${String(i).padStart(6, '0')}`;
    alerts[id] = {
      notificationId: id,
      title: `Bench alert ${i}`,
      description: 'A notification of a long history.',
      image: '',
      userName: 'All Users',
      target: 'all',
      timeStamp: first + i * 60_000,
      delivery: { sent: 120, failed: 3, at: first + i * 60_000 + 5_000 },
    };
  }
  const data = {
    [DATABASE_NAMESPACE]: { notificationsAlert: alerts, notificationsAlertCount: count },
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'rtdb.json'), JSON.stringify(data));
}

/**
 * The deployed database keeps the index `.indexOn` declares; the offline engine sorts it when a
 * listener first needs it and drops it with the last one, so every cold visit would pay for
 * sorting 100 000 alerts. One admin listener on the same index, held through the visits, keeps
 * it as the deployed database does. Returns the way to let go.
 */
async function holdIndex(started: BenchStack): Promise<() => Promise<void>> {
  const { rtdb, projectId } = started.stack;
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `${rtdb.host}:${rtdb.port}`;
  const app = initializeApp(
    { projectId, databaseURL: `https://${rtdb.namespace}.firebaseio.com` },
    `bench-history-${randomUUID()}`,
  );
  const newest = getDatabase(app).ref(paths.alerts()).orderByChild('timeStamp').limitToLast(1);
  await new Promise<void>((resolve, reject) => {
    newest.on('value', () => resolve(), reject);
  });
  return async () => {
    newest.off();
    await deleteApp(app);
  };
}

interface VisitResult {
  openMs: number;
  fromNavigationMs: number;
  heapMiB: number;
}

async function visit(browser: Browser, url: string, state: StorageState): Promise<VisitResult> {
  return inColdPage(browser, { storageState: state }, async (opened) => {
    const { page, cdp } = opened;
    await page.goto(url);
    await awaitMark(opened, 'history:page:painted', OPEN_TIMEOUT_MS);
    const marks = await readMarks(page);
    const openMs = markSpans(marks, 'history:open', 'history:page:painted')[0];
    if (openMs === undefined) throw new NotMeasured('history:page:painted without history:open');
    // Marks count from the navigation's start.
    const fromNavigationMs = marks.find((m) => m.name === 'history:page:painted')?.startTime ?? 0;
    return { openMs, fromNavigationMs, heapMiB: (await heapAfterGc(cdp)) / MIB };
  });
}

/** A stack holding `count` alerts, its history opened `runs` times after warming up. */
async function visitsWith(deps: {
  browser: Browser;
  workDir: string;
  withStack: WithStack;
  count: number;
  runs: number;
  log: Logger;
}): Promise<VisitResult[]> {
  const dataDir = path.join(deps.workDir, `history-${deps.count}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  prepareHistory(dataDir, deps.count);
  return deps.withStack({ dataDir, reset: false }, async (started) => {
    const { urls, admin } = started.stack;
    const state = await signedInState(deps.browser, urls.app, admin);
    const url = `${urls.app}/group-notifications`;
    const release = await holdIndex(started);
    let results: VisitResult[];
    try {
      await warmUp(() => visit(deps.browser, url, state));
      ({ results } = await repeatVisits(deps.runs, () => visit(deps.browser, url, state), {
        retries: 2,
        log: deps.log,
        what: 'history',
      }));
    } finally {
      await release();
    }
    for (const r of results) {
      deps.log.info(
        `history (${deps.count} alerts): first page ${Math.round(r.openMs)} ms, heap ${r.heapMiB.toFixed(1)} MiB`,
      );
    }
    return results;
  });
}

/**
 * The Notifications History's first page with 100 000 alerts, and its heap beside the same
 * page with 1 000: reading a page at a time, neither grows with the history.
 */
async function measureHistory(deps: {
  browser: Browser;
  workDir: string;
  withStack: WithStack;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const short = await visitsWith({ ...deps, count: SHORT });
  const long = await visitsWith({ ...deps, count: LONG });
  const heapLong = long.map((r) => r.heapMiB);
  const heapShort = short.map((r) => r.heapMiB);
  const gc = 'HeapProfiler.collectGarbage twice, then Runtime.getHeapUsage (used size)';
  return [
    measured(
      specs.open,
      long.map((r) => r.openMs),
      {
        note: `${LONG.toLocaleString('en-US')} alerts and their count seeded into the database file before the stack started, signed in, 1x CPU; the timeStamp index held by an admin listener, as the deployed database keeps it; Firebase starts loading at boot, before the page's code`,
      },
    ),
    measured(
      specs.fromNavigation,
      long.map((r) => r.fromNavigationMs),
    ),
    measured(specs.heapLong, heapLong, { note: gc }),
    measured(specs.heapShort, heapShort, { note: gc }),
    measured(specs.heapRatio, [median(heapLong) / median(heapShort)]),
  ];
}

export const historySuite: Suite = {
  id: 'history',
  figures: Object.values(specs),
  stack: 'browser',
  measure: (env) => {
    env.log.info('history: 1 000 then 100 000 alerts, 3 visits each…');
    return measureHistory({ ...env, runs: 3 });
  },
};
