/**
 * `npm start -- --upstream <url>` (`tsx dev/start.ts`): the product in front of an upstream of
 * one's own. Plain http to another machine is refused before anything starts; in front of the
 * Laravel flavour of dev/api, started apart as a real upstream would be, with that upstream's
 * capability parameters, the seed admin of that API signs in and the main screens show its
 * records. The stack is a whole one: 30-90 s to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { SEED_ADMIN, SEED_APP_USER, startApi, type RunningApi } from '../../dev/api/index.ts';
import { repoRoot } from '../../dev/build.ts';
import { DATABASE_NAMESPACE, PROJECT_ID } from '../../dev/emulators.ts';
import { portsFrom } from '../../dev/ports.ts';
import { LARAVEL_CAPABILITY_PARAMS } from '../../functions/src/contracts/capabilities.js';
import type { StackInfo } from '../support/stack-info.ts';
import { signIn } from './support/clients.ts';
import { describe, expect, it, test } from './support/fixtures.ts';
import { freePortBase } from './support/ports.ts';
import { rowWith } from './support/users.ts';

const STACK_START_MS = 400_000;
/** The price desk reads every group and type of the upstream: give it time on a shared machine. */
const LOAD_TIMEOUT_MS = 45_000;

interface Run {
  child: ChildProcess;
  stdout: () => string[];
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start -- <args>` in a process group of its own, as a terminal runs it. */
function npmStart(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(
    path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['dev/start.ts', ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let stdout = '';
  let all = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    all += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => (all += chunk.toString()));
  return {
    child,
    stdout: () => stdout.split('\n').filter((l) => l.trim() !== ''),
    output: () => all,
    exited: new Promise((resolve) => child.once('close', resolve)),
  };
}

async function untilReady(run: Run): Promise<void> {
  const until = Date.now() + STACK_START_MS - 20_000;
  let exited = false;
  void run.exited.then(() => (exited = true));
  while (!run.stdout().includes('Press Ctrl-C to stop.')) {
    if (exited || Date.now() > until)
      throw new Error(`npm start did not come up:\n${run.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Ctrl-C, and SIGKILL to its group if it has not stopped in a minute. */
async function stop(run: Run): Promise<void> {
  const pid = run.child.pid;
  if (pid === undefined || run.child.exitCode !== null || run.child.signalCode !== null) return;
  process.kill(-pid, 'SIGINT');
  const stopped = await Promise.race([
    run.exited.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), 60_000)),
  ]);
  if (!stopped) process.kill(-pid, 'SIGKILL');
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-upstream-'));
afterAll(() => {
  if (!process.env.KEEP_E2E_DATA) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('npm start -- --upstream', () => {
  it('refuses plain http to another machine, saying why and that TLS in front is the fix', async () => {
    const run = npmStart([
      '--upstream',
      'http://10.1.2.3/api',
      '--data',
      path.join(tmp, 'refused'),
    ]);
    expect(await run.exited).not.toBe(0);
    expect(run.output()).toMatch(/must use https/);
    expect(run.output()).toMatch(/passwords and bearer tokens would cross the network .* in clear/);
    expect(run.output()).toMatch(
      /Put TLS in front of the upstream \(a reverse proxy with a certificate\)/,
    );
    expect(run.stdout()).toEqual([]);
  }, 30_000);
});

describe('npm start -- --upstream, in front of a Laravel application', () => {
  let api: RunningApi | undefined;
  let run: Run | undefined;
  let stack: StackInfo;

  beforeAll(async () => {
    api = await startApi({ dataDir: path.join(tmp, 'api'), port: 0, flavour: 'laravel' });
    const base = await freePortBase();
    const ports = portsFrom(base);
    const dataDir = path.join(tmp, 'stack');
    run = npmStart(['--upstream', api.url, '--port', String(base), '--data', dataDir], {
      // What a typical Laravel application offers, as the operator would set it.
      ...Object.fromEntries(
        Object.entries(LARAVEL_CAPABILITY_PARAMS).map(([name, value]) => [name, String(value)]),
      ),
      // It serves its files on an origin of their own, as a storage disk or CDN would.
      UPSTREAM_FILE_ORIGINS: `${api.fileOrigin}/storage`,
    });
    await untilReady(run);
    const local = '127.0.0.1';
    stack = {
      projectId: PROJECT_ID,
      urls: {
        app: `http://${local}:${ports.app}`,
        api: api.url,
        functions: `http://${local}:${ports.functions}`,
        auth: `http://${local}:${ports.auth}`,
      },
      rtdb: { host: local, port: ports.rtdb, namespace: DATABASE_NAMESPACE },
      admin: SEED_ADMIN,
      dataDir,
    };
  }, STACK_START_MS);

  afterAll(async () => {
    if (run) await stop(run);
    await api?.close();
  }, 90_000);

  it('prints the upstream, and to sign in with an account of it instead of a seed admin', () => {
    expect(run?.stdout()).toEqual([
      `App: ${stack.urls.app}`,
      `Upstream API: ${stack.urls.api}`,
      'Admin: sign in with an admin account of that API',
      'Press Ctrl-C to stop.',
    ]);
  });

  test(
    "signs in with that API's admin, and lists its users, complaints and price desk",
    { timeout: 240_000 },
    async ({ page }) => {
      await signIn(page, stack);

      await page.getByRole('searchbox').fill(SEED_APP_USER.name);
      await rowWith(page, SEED_APP_USER.name).first().waitFor({ timeout: LOAD_TIMEOUT_MS });

      await page.goto(`${stack.urls.app}/complaints`);
      const complaints = page.getByRole('table', { name: 'Complaints' });
      await complaints
        .getByRole('button', { name: /^Delete / })
        .first()
        .waitFor({ timeout: LOAD_TIMEOUT_MS });

      await page.goto(`${stack.urls.app}/today-prices`);
      await page
        .getByTestId('desk-row')
        .filter({ hasText: 'Downtown LA Drivers' })
        .first()
        .waitFor({ timeout: LOAD_TIMEOUT_MS });
      await expect.poll(() => page.getByText(/could not be loaded/).count()).toBe(0);
    },
  );
});
