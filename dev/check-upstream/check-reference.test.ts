import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITY_PARAMS } from '../../functions/src/contracts/index.js';
import { READ_CALLS } from './calls.js';
import { ADMIN_ENV, adminRead, envOf, runCheck, seededApi } from './test-support.js';

// The reference flavour of dev/api under the default capability parameters: what the product
// reads best, so every line passes.
const api = seededApi('reference');
const env = { ...ADMIN_ENV, ...envOf(DEFAULT_CAPABILITY_PARAMS) };

describe('check-upstream against the reference API', () => {
  it('finds every call compatible and exits 0', async () => {
    const run = await runCheck([api().url], env);

    expect(run.code).toBe(0);
    expect(run.output).not.toMatch(/^(FAIL|warn)/m);
    for (const call of READ_CALLS) expect(run.line(call.name)).toBe('compatible');
    expect(run.line('UPSTREAM_API_URL')).toBe('plain http, to this machine only');
    expect(run.line('POST /login')).toBe('compatible');
    expect(run.line('GET /me (current user)')).toBe('compatible');
    expect(run.line('POST /register (optional)')).toMatch(/^present \(HTTP 422/);
    expect(run.line('POST /password/email (optional)')).toMatch(/^present \(HTTP 422/);
    expect(run.line('?date= of the price read (optional)')).toBe(
      'the upstream answers the day asked (?date=)',
    );
    // Reads only: nothing but the sign-in and the empty-bodied probes is sent as a POST.
    expect(run.requests.filter((request) => !request.startsWith('GET '))).toEqual([
      'POST /api/login',
      'POST /api/password/reset',
      'POST /api/register',
      'POST /api/password/email',
    ]);
  });

  it('says when the configured capabilities are off although the upstream has them', async () => {
    const run = await runCheck([api().url], {
      ...env,
      UPSTREAM_REGISTRATION: 'false',
      UPSTREAM_CURRENT_USER_PATH: 'none',
    });

    expect(run.code).toBe(0);
    expect(run.line('POST /register (optional)')).toBe(
      'present, but off: set UPSTREAM_REGISTRATION=true to offer the registration screen',
    );
    expect(run.line('GET /me or /user (current user)')).toContain(
      'GET /me answers the user: set UPSTREAM_CURRENT_USER_PATH=/me and UPSTREAM_CURRENT_USER_ENVELOPE=true',
    );
  });

  it('with a wrong password, fails at the sign-in and checks nothing else', async () => {
    const run = await runCheck([api().url], { ...env, UPSTREAM_ADMIN_PASSWORD: 'wrong-password' });

    expect(run.code).toBe(1);
    expect(run.line('POST /login')).toMatch(
      /^refused the sign-in: "The login detail is incorrect"/,
    );
    expect(run.requests).toEqual(['POST /api/login']);
  });

  it('--write creates, renames and deletes an invoice and a group, and leaves nothing behind', async () => {
    const [{ id: user }] = (await adminRead(api().url, 'admin/user')) as [{ id: number }];
    const before = {
      groups: await adminRead(api().url, 'admin/groups'),
      invoices: await adminRead(api().url, `admin/user-reports/${user}`),
    };

    const run = await runCheck(
      [api().url, '--write', '--not-production', '--user', String(user)],
      env,
    );

    expect(run.code).toBe(0);
    expect(run.output).toMatch(
      /--write will create, rename and then delete: an invoice "check-upstream /,
    );
    for (const subject of [
      'POST /admin/user-report',
      'PUT /admin/user-report/:invoice',
      'DELETE /admin/user-report/:invoice',
      'POST /admin/groups',
      'PUT /admin/groups/:group',
      'DELETE /admin/groups/:group',
    ]) {
      expect(run.line(subject)).toBe('compatible');
    }
    const deletes = run.requests.filter((request) => request.startsWith('DELETE '));
    expect(deletes).toEqual([
      expect.stringMatching(/^DELETE \/api\/admin\/groups\/\d+$/),
      expect.stringMatching(/^DELETE \/api\/admin\/user-report\/\d+$/),
    ]);
    expect(await adminRead(api().url, 'admin/groups')).toEqual(before.groups);
    expect(await adminRead(api().url, `admin/user-reports/${user}`)).toEqual(before.invoices);
  });
});
