/**
 * `npm start -- --upstream <url>` (`tsx dev/start.ts`): the product in front of an upstream of
 * one's own. Plain http to another machine is refused before anything starts; in front of the
 * Laravel flavour of dev/api, started apart as a real upstream would be, with that upstream's
 * capability parameters, the seed admin of that API signs in and the main screens show its
 * records. The stack is a whole one: 30-90 s to start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { SEED_APP_USER } from '../../dev/api/index.ts';
import type { StackInfo } from '../support/stack-info.ts';
import { signIn } from './support/clients.ts';
import { describe, expect, it, test } from './support/fixtures.ts';
import { npmStart, STACK_START_MS } from './support/npm-start.ts';
import { startUpstreamStack, type UpstreamStack } from './support/upstream-stack.ts';
import { rowWith } from './support/users.ts';

/** The price desk reads every group and type of the upstream: give it time on a shared machine. */
const LOAD_TIMEOUT_MS = 45_000;

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
  let laravel: UpstreamStack | undefined;
  let stack: StackInfo;

  beforeAll(async () => {
    laravel = await startUpstreamStack(tmp, 'laravel');
    ({ stack } = laravel);
  }, STACK_START_MS);

  afterAll(async () => {
    await laravel?.stop();
  }, 90_000);

  it('prints the upstream, and to sign in with an account of it instead of a seed admin', () => {
    expect(laravel?.stdout()).toEqual([
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
