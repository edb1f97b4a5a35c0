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
import {
  failing,
  formatBudget,
  formatValue,
  markdownNotes,
  markdownTable,
  notMeasured,
  reportSchema,
  type Figure,
  type FigureSpec,
  type Report,
} from './support/report.ts';
import { signedInState, type StorageState } from './support/session.ts';
import { startBenchStack, warmUserList, type BenchStack } from './support/stacks.ts';
import { measureBundle, servedEntry } from './suites/bundle.ts';
import { CHAT_SPECS, measureChat, prepareChat, type PreparedChat } from './suites/chat.ts';
import { coldLoadSpecs, measureColdLoads } from './suites/cold-load.ts';
import { LIGHTHOUSE_SPECS, measureLighthouse } from './suites/lighthouse.ts';
import { measureProxy } from './suites/proxy.ts';
import {
  measurePush,
  measurePushThroughQueue,
  QUEUE_SPECS,
  QUEUE_STACK_PARAMS,
} from './suites/push.ts';
import { measureDesk } from './suites/desk.ts';
import { measureHistory } from './suites/history.ts';
import { measureSeed } from './suites/seed.ts';
import { measureTrigger, TRIGGER_SPEC } from './suites/trigger.ts';
import { measurePalette, PALETTE_SPECS } from './suites/palette.ts';
import { measureUserList, USER_LIST_SPECS } from './suites/user-list.ts';
import { CSV_EXPORT_SPECS, measureCsvExport } from './suites/csv-export.ts';

const SUITES = [
  'bundle',
  'seed',
  'push',
  'proxy',
  'cold',
  'lighthouse',
  'chat',
  'trigger',
  'users',
  'csv-export',
  'history',
  'desk',
] as const;
type Suite = (typeof SUITES)[number];
const LARGE_SEED_USERS = 100_000;

const { values } = parseArgs({
  options: {
    'report-only': { type: 'boolean', default: false },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const args = z
  .object({
    'report-only': z.boolean(),
    keep: z.boolean(),
    only: z
      .string()
      .transform((s) => s.split(',').map((x) => x.trim()))
      .pipe(z.array(z.enum(SUITES)))
      .optional(),
  })
  .safeParse(values);
if (!args.success) {
  console.error(`Bad arguments: ${z.prettifyError(args.error)}\nSuites: ${SUITES.join(', ')}`);
  process.exit(2);
}
const selected = new Set<Suite>(args.data.only ?? SUITES);
const wants = (...suites: Suite[]) => suites.some((s) => selected.has(s));

const outDir = path.join(repoRoot, '.bench');
const workDir = path.join(outDir, 'work');
fs.rmSync(workDir, { recursive: true, force: true });
fs.mkdirSync(workDir, { recursive: true });
const startedAt = new Date();
const loadAtStart = os.loadavg()[0] ?? 0;
const terminal = streamLogger('bench', process.stderr);
const stamp = (message: string) =>
  `+${Math.round((Date.now() - startedAt.getTime()) / 1000)}s ${message}`;
/** Each line with the seconds since the start, to see where a long run spends its time. */
const log: Logger = {
  info: (message) => terminal.info(stamp(message)),
  warn: (message) => terminal.warn(stamp(message)),
  error: (message) => terminal.error(stamp(message)),
};
const figures: Figure[] = [];

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const gap = (specs: readonly FigureSpec[], reason: string) =>
  specs.map((spec) => notMeasured(spec, reason));

/** Everything started below, stopped in reverse order at the end or on Ctrl-C. */
const stops: (() => Promise<void>)[] = [];
async function stopAll() {
  for (const stop of stops.splice(0).reverse()) {
    await stop().catch((error: unknown) => log.warn(`while stopping: ${reasonOf(error)}`));
  }
}
process.once('SIGINT', () => {
  log.warn('interrupted: stopping what the benchmark started');
  void stopAll().then(() => process.exit(130));
});

async function withStack<T>(
  options: Parameters<typeof startBenchStack>[0],
  work: (stack: BenchStack) => Promise<T>,
): Promise<T> {
  const started = await startBenchStack(options);
  stops.push(started.stop);
  try {
    return await work(started);
  } finally {
    stops.splice(stops.indexOf(started.stop), 1);
    await started.stop();
  }
}

async function signIn(browser: Browser, stack: BenchStack): Promise<StorageState | null> {
  try {
    return await signedInState(browser, stack.stack.urls.app, stack.stack.admin);
  } catch (error) {
    log.error(`signing in failed: ${reasonOf(error)}`);
    return null;
  }
}

const distDir = path.join(repoRoot, 'web', 'dist');
/** The build the bundle figures describe, to compare with the one the stack serves. */
let measuredEntry: string | null = null;

/**
 * Anyone's stack rebuilds web/dist when the sources change (other engineers edit them all
 * along): say so when the build served later is not the one the bundle figures were read from.
 */
function checkServedBuild(publicDir: string) {
  const served = servedEntry(publicDir);
  if (measuredEntry === null || served === null || served === measuredEntry) return;
  const note = `web/dist was rebuilt during the run (sources changed): this figure is of ${measuredEntry}, the cold loads of ${served}`;
  log.warn(note);
  for (const [at, figure] of figures.entries()) {
    if (figure.section === 'Bundle') {
      figures[at] = { ...figure, note: figure.note ? `${figure.note}; ${note}` : note };
    }
  }
}

async function run(): Promise<void> {
  // The build and the bundle figures under one lock: another stack cannot rebuild web/dist
  // between the two.
  await withBuildLock(async () => {
    log.info('building what changed (functions, web app)…');
    await buildIfStale(log);
    if (wants('bundle')) {
      figures.push(...measureBundle(distDir));
      measuredEntry = servedEntry(distDir);
    }
  });

  if (wants('seed')) {
    log.info('seed: 100 000 users, 3 runs…');
    figures.push(...(await measureSeed({ workDir: path.join(workDir, 'seed'), runs: 3, log })));
  }
  if (wants('push')) {
    log.info('push fan-out: 100 000 tokens, 5 runs; 1 000 000 through the task queue, 3 runs…');
    figures.push(...(await measurePush({ workDir: path.join(workDir, 'push'), runs: 5, log })));
    try {
      log.info('starting a local stack whose alerts to everyone go to 1 000 000 synthetic tokens…');
      await withStack(
        {
          dataDir: path.join(workDir, 'stack-push-queue'),
          reset: true,
          functionParams: QUEUE_STACK_PARAMS,
          log,
        },
        async (stack) => {
          figures.push(...(await measurePushThroughQueue({ stack: stack.stack, log })));
        },
      );
    } catch (error) {
      const reason = `the task-queue stack failed: ${reasonOf(error)}`;
      log.error(reason);
      const have = new Set(figures.map((f) => f.id));
      figures.push(
        ...gap(
          QUEUE_SPECS.filter((s) => !have.has(s.id)),
          reason,
        ),
      );
    }
  }
  if (wants('proxy')) {
    log.info('proxy: latency at 200 req/s, 3 rounds each way; 3 rounds of 30 MB uploads…');
    figures.push(
      ...(await measureProxy({ workDir: path.join(workDir, 'proxy'), rounds: 3, uploads: 3, log })),
    );
  }

  if (!wants('cold', 'lighthouse', 'chat', 'trigger', 'users', 'csv-export', 'history', 'desk'))
    return;
  const browser = await launchBrowser();
  stops.push(() => browser.close());

  if (wants('cold', 'lighthouse', 'chat', 'trigger')) {
    const dataDir = path.join(workDir, 'stack-default');
    let chat: PreparedChat | null = null;
    let chatGap = '';
    if (wants('chat')) {
      try {
        log.info('chat: seeding 10 000 messages…');
        chat = await prepareChat(dataDir);
      } catch (error) {
        chatGap = `could not seed the chat: ${reasonOf(error)}`;
      }
    }
    try {
      log.info('starting the local stack (default seed)…');
      await withStack({ dataDir, reset: !chat, log }, async (stack) => {
        checkServedBuild(stack.publicDir);
        const signedIn = await signIn(browser, stack);
        if (wants('cold')) {
          log.info('cold loads: 2 pages × 2 CPU rates × 5 runs…');
          figures.push(
            ...(await measureColdLoads({
              browser,
              appUrl: stack.stack.urls.app,
              publicDir: stack.publicDir,
              signedIn,
              runs: 5,
              log,
            })),
          );
        }
        if (wants('lighthouse')) {
          log.info('lighthouse: 3 runs…');
          figures.push(
            ...(await measureLighthouse({ appUrl: stack.stack.urls.app, runs: 3, log })),
          );
        }
        if (wants('chat')) {
          if (chat) {
            log.info('chat: 3 visits…');
            figures.push(
              ...(await measureChat({
                browser,
                appUrl: stack.stack.urls.app,
                chat,
                signedIn,
                runs: 3,
                log,
              })),
            );
          } else figures.push(...gap(CHAT_SPECS, chatGap));
        }
        if (wants('trigger')) {
          log.info('trigger: 5 alerts written, each to its delivery record…');
          figures.push(...(await measureTrigger({ stack: stack.stack, runs: 5, log })));
        }
      });
    } catch (error) {
      const reason = `the local stack failed: ${reasonOf(error)}`;
      log.error(reason);
      const have = new Set(figures.map((f) => f.id));
      const specs = [
        ...(wants('cold') ? coldLoadSpecs() : []),
        ...(wants('lighthouse') ? LIGHTHOUSE_SPECS : []),
        ...(wants('chat') ? CHAT_SPECS : []),
        ...(wants('trigger') ? [TRIGGER_SPEC] : []),
      ];
      figures.push(
        ...gap(
          specs.filter((s) => !have.has(s.id)),
          reason,
        ),
      );
    }
  }

  if (wants('users', 'csv-export')) {
    try {
      log.info('starting the local stack with 100 000 users…');
      await withStack(
        {
          dataDir: path.join(workDir, 'stack-100k'),
          reset: true,
          seed: { users: LARGE_SEED_USERS },
          log,
        },
        async (stack) => {
          log.info('user list: listing once and waiting for the mirror…');
          await warmUserList(stack.stack, LARGE_SEED_USERS, log);
          const signedIn = await signIn(browser, stack);
          const visits = { browser, appUrl: stack.stack.urls.app, signedIn, runs: 3, log };
          if (wants('users')) {
            log.info('user list: 3 visits…');
            figures.push(...(await measureUserList(visits)));
            log.info('command palette: 3 visits…');
            figures.push(...(await measurePalette(visits)));
          }
          if (wants('csv-export')) {
            log.info('csv export: 3 exports…');
            figures.push(...(await measureCsvExport(visits)));
          }
        },
      );
    } catch (error) {
      const reason = `the 100 000-user stack failed: ${reasonOf(error)}`;
      log.error(reason);
      const have = new Set(figures.map((f) => f.id));
      figures.push(
        ...gap(
          [
            ...(wants('users') ? [...USER_LIST_SPECS, ...PALETTE_SPECS] : []),
            ...(wants('csv-export') ? CSV_EXPORT_SPECS : []),
          ].filter((s) => !have.has(s.id)),
          reason,
        ),
      );
    }
  }

  if (wants('history')) {
    log.info('history: 1 000 then 100 000 alerts, 3 visits each…');
    figures.push(...(await measureHistory({ browser, workDir, runs: 3, log })));
  }

  if (wants('desk')) {
    log.info('desk: 50 groups x 3 types, 3 visits of 10 moves…');
    figures.push(...(await measureDesk({ browser, workDir, runs: 3, log })));
  }
}

try {
  await run();
} catch (error) {
  log.error(`the benchmark stopped early: ${reasonOf(error)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}

const misses = failing(figures);
const cpus = os.cpus();
const report: Report = reportSchema.parse({
  startedAt: startedAt.toISOString(),
  durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  machine: {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryMiB: Math.round(os.totalmem() / 1024 / 1024),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: { start: loadAtStart, end: os.loadavg()[0] ?? 0 },
  },
  figures,
  failing: misses.map((f) => f.id),
});
const table = markdownTable(figures);
const notes = markdownNotes(figures);
const markdown = [
  `# Benchmarks, ${report.startedAt.slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `${report.machine.cpus} × ${report.machine.cpuModel}, ${report.machine.memoryMiB} MiB, Node ${report.machine.node}; load average ${report.machine.loadAverage.start.toFixed(1)} at the start, ${report.machine.loadAverage.end.toFixed(1)} at the end; ${report.durationSeconds} s in all. Medians of n runs; ratio = median / budget (or / the baseline measured in the same run).`,
  '',
  table,
  '',
  notes,
  '',
].join('\n');
fs.writeFileSync(path.join(outDir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
fs.writeFileSync(path.join(outDir, 'report.md'), markdown);
if (!args.data.keep) fs.rmSync(workDir, { recursive: true, force: true });

console.log(`\n${table}\n\n${notes}\n`);
console.log(
  `Report: ${path.relative(process.cwd(), path.join(outDir, 'report.md'))} and report.json`,
);
if (misses.length > 0) {
  console.log(`\n${misses.length} figure(s) missed their budget or could not be measured:`);
  for (const figure of misses) {
    const value =
      figure.median === null
        ? `not measured (${figure.notMeasured ?? ''})`
        : `${formatValue(figure.median, figure.unit)}, budget ${figure.budget ? formatBudget(figure.budget, figure.unit) : ''}`;
    console.log(`- ${figure.id}: ${figure.section} · ${figure.label}: ${value}`);
  }
  if (!args.data['report-only']) process.exitCode = 1;
}
