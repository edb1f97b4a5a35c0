import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../dev/logger.ts';
import { startApiProcess } from '../support/http.ts';
import { measured, under, type Figure } from '../support/report.ts';
import type { Suite } from '../support/suite.ts';
import { median } from '../support/stats.ts';

const USERS = 100_000;

const spec = {
  id: 'seed.api-100k',
  section: 'Seed',
  label: `reference API seed of ${USERS.toLocaleString('en-US')} users`,
  unit: 'ms',
  budget: under(30_000),
} as const;

/**
 * The reference API's large seed, as `--users 100000` runs it: from an empty data folder to
 * the API answering, in its own process (the time the process takes to start is in it).
 */
async function measureSeed(options: {
  workDir: string;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const times: number[] = [];
  const seedOnly: number[] = [];
  const logFile = path.join(options.workDir, 'seed.log');
  fs.mkdirSync(options.workDir, { recursive: true });
  for (let run = 0; run < options.runs; run++) {
    const dataDir = path.join(options.workDir, `api-${run}`);
    const started = performance.now();
    const api = await startApiProcess({
      dataDir,
      logFile,
      users: USERS,
    });
    times.push(performance.now() - started);
    await api.stop();
    // The API logs the seed's own duration: "seeded 100000 app users in 6123 ms".
    const logged = [
      ...fs.readFileSync(logFile, 'utf8').matchAll(/seeded \d+ app users in (\d+) ms/g),
    ];
    const own = logged.at(-1)?.[1];
    if (own !== undefined) seedOnly.push(Number(own));
    fs.rmSync(dataDir, { recursive: true, force: true });
    options.log.info(`seed run ${run + 1}: ${Math.round(times.at(-1) ?? 0)} ms`);
  }
  return [
    measured(spec, times, {
      note: `from starting dev/api/cli.ts --users 100000 --reset to its "Upstream API:" line (process start, schema, seed in one transaction, WAL checkpoint, listen)${seedOnly.length ? `; the seed alone, as the API logs it: median ${Math.round(median(seedOnly))} ms` : ''}`,
    }),
  ];
}

export const seedSuite: Suite = {
  id: 'seed',
  figures: [spec],
  stack: 'processes',
  measure: ({ workDir, log }) => {
    log.info('seed: 100 000 users, 3 runs…');
    return measureSeed({ workDir: path.join(workDir, 'seed'), runs: 3, log });
  },
};
