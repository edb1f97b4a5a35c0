// @ts-check
/**
 * `npm run mutants:code`: Stryker mutates the functions and the web app's shared library and
 * runs their unit tests (tests/mutants/vitest.config.ts) against each mutant; a surviving mutant
 * is a change to the code no test notices. The report lands in reports/mutation/.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // Vitest's `related` finds none of these tests from a mutated source here: run them all.
  vitest: { configFile: 'tests/mutants/vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'functions/src/**/*.ts',
    'web/src/lib/**/*.ts',
    '!**/*.test.ts',
    '!**/testing/**',
    '!functions/src/scripts/**',
  ],
  // Each mutant runs only the tests that reach it; a rerun re-tests only what changed.
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  concurrency: 2,
  tempDirName: '.stryker-tmp',
};
