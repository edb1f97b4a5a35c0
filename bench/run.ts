/**
 * `npm run bench [-- --report-only] [-- --only bundle,proxy] [-- --keep]`: builds what it
 * needs, runs every benchmark in one run, writes .bench/report.json and
 * .bench/report.md, prints the table, and exits non-zero when a figure misses its budget or
 * could not be measured (unless --report-only). What each figure means: bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { z } from 'zod';
import { buildIfStale, repoRoot, withBuildLock } from '../dev/build.ts';
import { streamLogger, type Logger } from '../dev/logger.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { printReport, writeReport } from './support/report-files.ts';
import { notMeasured, type Figure } from './support/report.ts';
import { signedInState } from './support/session.ts';
import { startBenchStack, warmUserList, type BenchStack } from './support/stacks.ts';
import type { PageSuite, Suite, WithStack } from './support/suite.ts';
import { NotMeasured, reasonOf } from './support/visits.ts';
import { servedEntry } from './suites/bundle.ts';
import { machineSuite } from './suites/machine.ts';
import { SUITES } from './suites/registry.ts';

const SUITE_IDS = [...new Set(SUITES.map((suite) => suite.id))];
const LARGE_SEED_USERS = 100_000;
const distDir = path.join(repoRoot, 'web', 'dist');
const outDir = path.join(repoRoot, '.bench');

const argsSchema = z.object({
  'report-only': z.boolean(),
  keep: z.boolean(),
  only: z
    .string()
    .transform((s) => s.split(',').map((x) => x.trim()))
    .pipe(z.array(z.enum(SUITE_IDS)))
    .optional(),
});

/** What every step of a run shares: where figures go, what to stop at the end. */
interface Run {
  figures: Figure[];
  workDir: string;
  log: Logger;
  withStack: WithStack;
  /** The browser, launched the first time a suite needs it. */
  browser(): Promise<Browser>;
}

/**
 * The one place a failure becomes "not measured": each figure of `suites` not given yet says why
 * (`failed`, a stack the suites shared, names what broke), so none is missing from the report.
 */
async function attempt(
  run: Run,
  suites: readonly Pick<Suite, 'id' | 'figures'>[],
  work: () => Promise<void>,
  failed?: string,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    const reason = failed ? `${failed} failed: ${reasonOf(error)}` : reasonOf(error);
    // A NotMeasured is the page's doing, not a fault: the report says it.
    if (!(error instanceof NotMeasured)) {
      run.log.error(`${[...new Set(suites.map((s) => s.id))].join(', ')}: ${reason}`);
    }
    const given = new Set(run.figures.map((f) => f.id));
    const missing = suites.flatMap((s) => s.figures).filter((spec) => !given.has(spec.id));
    run.figures.push(...missing.map((spec) => notMeasured(spec, reason)));
  }
}

interface Measurable<E> extends Pick<Suite, 'id' | 'figures'> {
  measure(env: E): Promise<Figure[]>;
}

/** Each suite in turn with the environment made for it (which may throw, as the suite may). */
async function measureEach<S extends Measurable<E>, E>(
  run: Run,
  suites: readonly S[],
  environment: (suite: S) => E,
): Promise<void> {
  for (const suite of suites) {
    await attempt(run, [suite], async () => {
      run.figures.push(...(await suite.measure(environment(suite))));
    });
  }
}

async function signIn(browser: Browser, stack: BenchStack, log: Logger) {
  try {
    return await signedInState(browser, stack.stack.urls.app, stack.stack.admin);
  } catch (error) {
    log.error(`signing in failed: ${reasonOf(error)}`);
    return null;
  }
}

interface SharedStack {
  folder: string;
  /** For "… failed: why" when it cannot start. */
  label: string;
  seed?: { users: number };
  /** Once started, before signing in. */
  ready(stack: BenchStack): Promise<void>;
}

/** A local stack shared by `suites`: their preparations written first, then signed in once. */
async function onSharedStack(run: Run, suites: readonly PageSuite[], shared: SharedStack) {
  if (suites.length === 0) return;
  // A browser that cannot start is no fault of the stack's: only the inner attempt names it.
  await attempt(run, suites, async () => {
    const browser = await run.browser();
    await attempt(run, suites, () => inStack(run, browser, suites, shared), shared.label);
  });
}

/** The stack's folder prepared, the stack started and ready, signed in, the suites run on it. */
async function inStack(
  run: Run,
  browser: Browser,
  suites: readonly PageSuite[],
  shared: SharedStack,
): Promise<void> {
  const dataDir = path.join(run.workDir, shared.folder);
  const prepared = new Map<PageSuite, { value: unknown } | { error: unknown }>();
  for (const suite of suites) {
    if (!suite.prepare) continue;
    const outcome = await suite.prepare(dataDir, run.log).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    prepared.set(suite, outcome);
  }
  run.log.info(`starting ${shared.label}…`);
  // What was prepared in the folder stays; without it the stack starts from its seed.
  const reset = ![...prepared.values()].some((outcome) => 'value' in outcome);
  const options = { dataDir, reset, ...(shared.seed ? { seed: shared.seed } : {}) };
  await run.withStack(options, async (stack) => {
    await shared.ready(stack);
    const signedIn = await signIn(browser, stack, run.log);
    await measureEach(run, suites, (suite) => {
      const outcome = prepared.get(suite);
      if (outcome && 'error' in outcome) throw outcome.error;
      return { browser, stack, signedIn, prepared: outcome?.value, log: run.log };
    });
  });
}

/** The selected suites, grouped by the stack they need; the stacks started one after another. */
async function runSuites(run: Run, selected: readonly Suite[]): Promise<void> {
  const on = <K extends 'build' | 'processes' | 'browser'>(stack: K) =>
    selected.filter((s): s is Extract<Suite, { stack: K }> => s.stack === stack);
  const sharing = (stack: PageSuite['stack']) =>
    selected.filter((s): s is PageSuite => s.stack === stack);
  const { log, workDir, withStack } = run;

  // The build and the bundle figures under one lock: another stack cannot rebuild web/dist
  // between the two.
  let measuredEntry: string | null = null;
  await withBuildLock(async () => {
    log.info('building what changed (functions, web app)…');
    await buildIfStale(log);
    const bundle = on('build');
    await measureEach(run, bundle, () => ({ distDir, log }));
    if (bundle.length > 0) measuredEntry = servedEntry(distDir);
  });

  await measureEach(run, on('processes'), () => ({ workDir, withStack, log }));

  await onSharedStack(run, sharing('default'), {
    folder: 'stack-default',
    label: 'the local stack',
    ready: async (stack) => noteRebuild(run, measuredEntry, stack.publicDir),
  });
  await onSharedStack(run, sharing('users-100k'), {
    folder: 'stack-100k',
    label: 'the 100 000-user stack',
    seed: { users: LARGE_SEED_USERS },
    ready: async (stack) => {
      log.info('user list: listing once and waiting for the mirror…');
      await warmUserList(stack.stack, LARGE_SEED_USERS, log);
    },
  });

  const own = on('browser');
  if (own.length > 0) {
    await attempt(run, own, async () => {
      const browser = await run.browser();
      await measureEach(run, own, () => ({ browser, workDir, withStack, log }));
    });
  }
}

/**
 * Anyone's stack rebuilds web/dist when the sources change (other engineers edit them all
 * along): say so when the build served later is not the one the bundle figures were read from.
 */
function noteRebuild(run: Run, measuredEntry: string | null, publicDir: string) {
  const served = servedEntry(publicDir);
  if (measuredEntry === null || served === null || served === measuredEntry) return;
  const note = `web/dist was rebuilt during the run (sources changed): this figure is of ${measuredEntry}, the cold loads of ${served}`;
  run.log.warn(note);
  for (const [at, figure] of run.figures.entries()) {
    if (figure.section === 'Bundle') {
      run.figures[at] = { ...figure, note: figure.note ? `${figure.note}; ${note}` : note };
    }
  }
}

/** Each line with the seconds since the start, to see where a long run spends its time. */
function timedLogger(terminal: Logger, startedAt: Date): Logger {
  const stamp = (message: string) =>
    `+${Math.round((Date.now() - startedAt.getTime()) / 1000)}s ${message}`;
  return {
    info: (message) => terminal.info(stamp(message)),
    warn: (message) => terminal.warn(stamp(message)),
    error: (message) => terminal.error(stamp(message)),
  };
}

/** The run, its report written and printed; the exit code. */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'report-only': { type: 'boolean', default: false },
      only: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
  });
  const args = argsSchema.safeParse(values);
  if (!args.success) {
    console.error(`Bad arguments: ${z.prettifyError(args.error)}\nSuites: ${SUITE_IDS.join(', ')}`);
    return 2;
  }
  const only = args.data.only;
  // The machine's figures come with every run, --only or not: they tell two reports apart.
  const selected = SUITES.filter((s) => s === machineSuite || (only?.includes(s.id) ?? true));

  const workDir = path.join(outDir, 'work');
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const log = timedLogger(streamLogger('bench', process.stderr), startedAt);

  /** Everything started, stopped in reverse order at the end or on Ctrl-C. */
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) {
      await stop().catch((error: unknown) => log.warn(`while stopping: ${reasonOf(error)}`));
    }
  };
  process.once('SIGINT', () => {
    log.warn('interrupted: stopping what the benchmark started');
    void stopAll().then(() => process.exit(130));
  });
  const withStack: WithStack = async (options, work) => {
    const started = await startBenchStack({ ...options, log });
    stops.push(started.stop);
    try {
      return await work(started);
    } finally {
      stops.splice(stops.indexOf(started.stop), 1);
      await started.stop();
    }
  };
  let browser: Promise<Browser> | null = null;
  const run: Run = {
    figures: [],
    workDir,
    log,
    withStack,
    browser: () =>
      (browser ??= launchBrowser().then((launched) => {
        stops.push(() => launched.close());
        return launched;
      })),
  };

  let exitCode = 0;
  try {
    await runSuites(run, selected);
  } catch (error) {
    log.error(`the benchmark stopped early: ${reasonOf(error)}`);
    exitCode = 1;
  } finally {
    await stopAll();
  }

  const report = writeReport(outDir, run.figures, { startedAt, loadAtStart });
  if (!args.data.keep) fs.rmSync(workDir, { recursive: true, force: true });
  printReport(report, path.join(outDir, 'report.md'));
  if (report.failing.length > 0 && !args.data['report-only']) exitCode = 1;
  return exitCode;
}

process.exitCode = await main();
