import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import { readObserved, describePage } from '../support/page.ts';
import {
  atMost,
  measured,
  notMeasured,
  under,
  type Figure,
  type FigureSpec,
} from '../support/report.ts';
import type { StorageState } from '../support/session.ts';
import { cumulativeLayoutShift, median } from '../support/stats.ts';
import { inColdPage, repeatVisits, warmUp } from '../support/visits.ts';
import { createSizer, DATABASE_SDK_MARKER, databaseSdkFiles, FIRST_LOADS } from './bundle.ts';

const SECTION = 'Cold load';
export const CPU_RATES = [1, 4] as const;
/** After the first screen is up, how long to keep watching for a later, larger paint or shift. */
const SETTLE_MS = 1500;
const READY_TIMEOUT_MS = 60_000;

export interface ColdLoadSample {
  fcp: number;
  lcp: number;
  lcpElement: string | null;
  cls: number;
  /** When the app hid its splash: its first screen was up. */
  firstScreen: number;
  /** /assets/ files the page fetched until idle, as paths relative to the served folder. */
  assets: string[];
  /** Those it started fetching before its first screen was up. */
  assetsBeforeFirstScreen: string[];
  /** Other requests (config, /api) that ended before the first screen, and how long each took. */
  calls: { path: string; ms: number }[];
}

/**
 * One cold load: a fresh context, cache disabled, CPU throttled; done when the app has removed
 * its splash (web/src/app/splash.ts: the first screen is up) and nothing paints for a moment.
 */
export async function coldLoad(
  browser: Browser,
  url: string,
  options: { cpuRate: number; storageState?: StorageState; expectPath: string },
): Promise<ColdLoadSample> {
  return inColdPage(browser, options, async (opened) => {
    const { page } = opened;
    await page.goto(url, { waitUntil: 'load', timeout: READY_TIMEOUT_MS });
    try {
      await page.waitForFunction(() => document.getElementById('splash') === null, undefined, {
        timeout: READY_TIMEOUT_MS,
        polling: 50,
      });
    } catch {
      throw new Error(
        `the first screen never came up (splash still there): ${await describePage(page, opened.errors)}`,
      );
    }
    await page.waitForTimeout(SETTLE_MS);
    const landed = new URL(page.url()).pathname;
    if (landed !== options.expectPath) {
      throw new Error(
        `expected ${options.expectPath}, landed on ${landed}: ${await describePage(page, opened.errors)}`,
      );
    }
    const observed = await readObserved(page);
    if (observed.fcp === null || observed.lcp === null || observed.firstScreen === null) {
      throw new Error(
        'Chromium reported no first-contentful-paint or LCP entry, or no splash hiding',
      );
    }
    const resources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        path: new URL(entry.name).pathname,
        startTime: entry.startTime,
        duration: entry.duration,
      })),
    );
    const assets = resources.filter(
      (r) => r.path.startsWith('/assets/') && /\.(js|css)$/.test(r.path),
    );
    const files = (list: typeof assets) => [...new Set(list.map((r) => r.path.slice(1)))];
    const firstScreen = observed.firstScreen;
    return {
      fcp: observed.fcp,
      lcp: observed.lcp,
      lcpElement: observed.lcpElement,
      cls: cumulativeLayoutShift(observed.shifts),
      firstScreen,
      assets: files(assets),
      assetsBeforeFirstScreen: files(assets.filter((r) => r.startTime <= firstScreen)),
      calls: resources
        .filter((r) => !r.path.startsWith('/assets/') && r.startTime + r.duration <= firstScreen)
        .map((r) => ({ path: r.path, ms: r.duration })),
    };
  });
}

export interface ColdLoadDeps {
  browser: Browser;
  appUrl: string;
  /** The folder Hosting serves (the stack's copy of web/dist), to size what was fetched. */
  publicDir: string;
  signedIn: StorageState | null;
  runs: number;
  log: Logger;
}

const PAGES = [
  { id: 'login', path: '/auth/login', signedIn: false },
  { id: 'all-users', path: '/all-users', signedIn: true },
] as const;
type Target = (typeof PAGES)[number];

function loadSpecs(target: Target, rate: number) {
  const throttled = rate > 1;
  const spec = (
    key: string,
    metric: string,
    unit: FigureSpec['unit'],
    budget?: FigureSpec['budget'],
  ) => ({
    id: `cold.${target.id}.${key}.${rate}x`,
    section: SECTION,
    label: `${target.path}${target.signedIn ? ' (signed in)' : ''} ${metric}, ${rate}x CPU`,
    unit,
    ...(budget ? { budget } : {}),
  });
  return {
    fcp: spec('fcp', 'FCP', 'ms', throttled ? atMost(1000) : undefined),
    lcp: spec('lcp', 'LCP', 'ms', throttled ? atMost(1200) : undefined),
    cls: spec('cls', 'CLS', 'shift', under(0.02)),
    firstScreen: spec('first-screen', 'first screen up (splash hidden)', 'ms'),
  };
}

function fetchedSpecs(target: Target): { firstScreen: FigureSpec; idle: FigureSpec } {
  const load = FIRST_LOADS.find((l) => l.id === target.id);
  return {
    firstScreen: {
      id: `cold.${target.id}.fetched-first-screen`,
      section: SECTION,
      label: `${target.path} JS+CSS the browser fetched before the first screen was up, gzip`,
      unit: 'kB',
      ...(load ? { budget: atMost(load.budgetKB) } : {}),
    },
    idle: {
      id: `cold.${target.id}.fetched-idle`,
      section: SECTION,
      label: `${target.path} JS+CSS the browser fetched until idle (prefetches included), gzip`,
      unit: 'kB',
    },
  };
}

const loginSdkSpec: FigureSpec = {
  id: 'cold.login.database-sdk',
  section: SECTION,
  label: `Firebase Database SDK chunks fetched by /auth/login (marker "${DATABASE_SDK_MARKER}")`,
  unit: 'count',
  budget: atMost(0),
};

/** Every figure this suite gives, for a "not measured" when it cannot run at all. */
export function coldLoadSpecs(): FigureSpec[] {
  return PAGES.flatMap((target) => [
    ...CPU_RATES.flatMap((rate) => Object.values(loadSpecs(target, rate))),
    ...Object.values(fetchedSpecs(target)),
    ...(target.id === 'login' ? [loginSdkSpec] : []),
  ]);
}

/** FCP, LCP and CLS of both first screens at each CPU rate, and what they fetched. */
export async function measureColdLoads(deps: ColdLoadDeps): Promise<Figure[]> {
  const figures: Figure[] = [];
  const size = createSizer(deps.publicDir);
  for (const target of PAGES) {
    const signedIn = target.signedIn && deps.signedIn ? { storageState: deps.signedIn } : {};
    await warmUp(() =>
      coldLoad(deps.browser, `${deps.appUrl}${target.path}`, {
        cpuRate: 1,
        expectPath: target.path,
        ...signedIn,
      }),
    );
    for (const rate of CPU_RATES) {
      const specs = loadSpecs(target, rate);
      let samples: ColdLoadSample[] = [];
      let failure = target.signedIn && deps.signedIn === null ? 'no signed-in session' : '';
      if (!failure) {
        try {
          ({ results: samples } = await repeatVisits(
            deps.runs,
            () =>
              coldLoad(deps.browser, `${deps.appUrl}${target.path}`, {
                cpuRate: rate,
                expectPath: target.path,
                ...signedIn,
              }),
            { retries: 2, log: deps.log, what: `cold load ${target.path}` },
          ));
        } catch (error) {
          failure = error instanceof Error ? error.message : String(error);
        }
      }
      deps.log.info(
        `cold load ${target.path} ${rate}x: ${samples.map((s) => `${Math.round(s.fcp)}/${Math.round(s.lcp)}`).join(' ')} ms (FCP/LCP)`,
      );
      const rateFigures = failure
        ? Object.values(specs).map((s) => notMeasured(s, failure))
        : [
            measured(
              specs.fcp,
              samples.map((s) => s.fcp),
            ),
            measured(
              specs.lcp,
              samples.map((s) => s.lcp),
              {
                note: `LCP element: ${[...new Set(samples.map((s) => s.lcpElement ?? 'none'))].join(' or ')}`,
              },
            ),
            measured(
              specs.cls,
              samples.map((s) => s.cls),
            ),
            measured(
              specs.firstScreen,
              samples.map((s) => s.firstScreen),
              { note: callsNote(samples) },
            ),
          ];
      figures.push(...rateFigures);
      if (rate === 1) {
        figures.push(
          ...(failure
            ? [
                ...Object.values(fetchedSpecs(target)),
                ...(target.id === 'login' ? [loginSdkSpec] : []),
              ].map((s) => notMeasured(s, failure))
            : fetchedFigures(target, samples, size, deps.publicDir)),
        );
      }
    }
  }
  return figures;
}

/** The requests the first screen waited for, slowest first, each its median over the loads. */
function callsNote(samples: readonly ColdLoadSample[]): string {
  const byPath = new Map<string, number[]>();
  for (const sample of samples) {
    for (const call of sample.calls)
      byPath.set(call.path, [...(byPath.get(call.path) ?? []), call.ms]);
  }
  const calls = [...byPath]
    .map(([path, times]) => ({ path, ms: median(times) }))
    .sort((a, b) => b.ms - a.ms)
    .map((c) => `${c.path} ${Math.round(c.ms)} ms`);
  return `requests done before it (median duration): ${calls.join(', ') || 'none'}`;
}

/** What the browser really fetched: the manifest figure plus whatever the boot imports on demand. */
function fetchedFigures(
  target: Target,
  samples: readonly ColdLoadSample[],
  size: (file: string) => number,
  publicDir: string,
): Figure[] {
  const specs = fetchedSpecs(target);
  const gzip = (files: string[]) => files.reduce((sum, file) => sum + size(file), 0);
  const last = samples.at(-1);
  const sdk = last ? databaseSdkFiles(publicDir, last.assets) : [];
  const later = last
    ? last.assets
        .filter((f) => !last.assetsBeforeFirstScreen.includes(f))
        .map((f) => path.basename(f))
    : [];
  const figures = [
    measured(
      specs.firstScreen,
      samples.map((s) => gzip(s.assetsBeforeFirstScreen)),
      {
        note: `${last?.assetsBeforeFirstScreen.length ?? 0} files whose fetch started before the app hid its splash, chunks the boot imports on demand included (unlike the manifest figure)`,
      },
    ),
    measured(
      specs.idle,
      samples.map((s) => gzip(s.assets)),
      {
        note: `${last?.assets.length ?? 0} files; after the first screen: ${later.join(', ') || 'none'}${sdk.length ? `; Database SDK: ${sdk.map((f) => path.basename(f)).join(', ')}` : ''}`,
      },
    ),
  ];
  if (target.id === 'login') {
    figures.push(
      measured(
        loginSdkSpec,
        samples.map((s) => databaseSdkFiles(publicDir, s.assets).length),
      ),
    );
  }
  return figures;
}
