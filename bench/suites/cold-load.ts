import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import {
  atMost,
  measured,
  notMeasured,
  under,
  type Figure,
  type FigureSpec,
} from '../support/report.ts';
import type { StorageState } from '../support/session.ts';
import { median } from '../support/stats.ts';
import type { Suite } from '../support/suite.ts';
import { repeatVisits, warmUp } from '../support/visits.ts';
import { createSizer, DATABASE_SDK_MARKER, databaseSdkFiles, FIRST_LOADS } from './bundle.ts';
import { coldLoad, type ColdLoadSample } from './cold-load-page.ts';

const SECTION = 'Cold load';
const CPU_RATES = [1, 4] as const;

interface ColdLoadDeps {
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

const COLD_LOAD_SPECS: FigureSpec[] = PAGES.flatMap((target) => [
  ...CPU_RATES.flatMap((rate) => Object.values(loadSpecs(target, rate))),
  ...Object.values(fetchedSpecs(target)),
  ...(target.id === 'login' ? [loginSdkSpec] : []),
]);

/** FCP, LCP and CLS of both first screens at each CPU rate, and what they fetched. */
async function measureColdLoads(deps: ColdLoadDeps): Promise<Figure[]> {
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

export const coldLoadSuite: Suite = {
  id: 'cold',
  figures: COLD_LOAD_SPECS,
  stack: 'default',
  measure: ({ browser, stack, signedIn, log }) => {
    log.info('cold loads: 2 pages × 2 CPU rates × 5 runs…');
    return measureColdLoads({
      browser,
      appUrl: stack.stack.urls.app,
      publicDir: stack.publicDir,
      signedIn,
      runs: 5,
      log,
    });
  },
};
