import type { Browser } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import type { Figure, FigureSpec } from './report.ts';
import type { StorageState } from './session.ts';
import type { BenchStack, BenchStackOptions } from './stacks.ts';

/** Starts a local stack for `work` and stops it after, or when the run is interrupted. */
export type WithStack = <T>(
  options: Omit<BenchStackOptions, 'log'>,
  work: (stack: BenchStack) => Promise<T>,
) => Promise<T>;

/** A local stack shared by the suites that visit its pages, signed in once. */
export interface PageStack {
  browser: Browser;
  stack: BenchStack;
  /** The admin's session; null when signing in failed. */
  signedIn: StorageState | null;
  /** What the suite's `prepare` gave, before the stack started. */
  prepared: unknown;
  log: Logger;
}

/** What each kind of stack hands the suites that need it. */
export interface Environments {
  /** web/dist right after the build, under the build lock: no other stack rebuilds it meanwhile. */
  build: { distDir: string; log: Logger };
  /** Nothing shared: the suite starts its own processes (or stack) in `workDir`. */
  processes: { workDir: string; withStack: WithStack; log: Logger };
  /** A browser: the suite starts stacks of its own, with data written before they start. */
  browser: { browser: Browser; workDir: string; withStack: WithStack; log: Logger };
}

interface SuiteBase {
  /** The name `--only` selects it by; the parts of a suite measured apart share it. */
  id: string;
  /** Every figure it reports: a failure marks those it did not give "not measured". */
  figures: readonly FigureSpec[];
}

/** Its figures; throws when they cannot be taken (NotMeasured when the reason is no fault). */
type Measure<E> = (env: E) => Promise<Figure[]>;

type SuiteOn<K extends keyof Environments> = SuiteBase & {
  stack: K;
  measure: Measure<Environments[K]>;
};

/** A suite on a local stack the runner shares between suites, in the order they are listed. */
export interface PageSuite extends SuiteBase {
  /**
   * `default`: the local stack with the default seed; `users-100k`: seeded with 100 000 users,
   * listed once so that the user mirror holds them all.
   */
  stack: 'default' | 'users-100k';
  /**
   * Writes into the stack's data folder, before the stack starts, what cannot go through the
   * stack once it runs (each write would fire a trigger); what it gives reaches `measure`.
   */
  prepare?: (dataDir: string, log: Logger) => Promise<unknown>;
  measure: Measure<PageStack>;
}

export type Suite = SuiteOn<'build'> | SuiteOn<'processes'> | PageSuite | SuiteOn<'browser'>;
