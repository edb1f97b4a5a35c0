import { describe, expect, it } from 'vitest';
import { capabilityParamsOf, LARAVEL } from '../api/flavour.js';
import { DEFAULT_CAPABILITY_PARAMS } from '../../functions/src/contracts/index.js';
import { ADMIN_ENV, adminRead, envOf, runCheck, seededApi } from './test-support.js';

// The Laravel flavour of dev/api: compatible under the Laravel capability values, with notes for
// what the product normalises; the default values name each parameter to change.
const api = seededApi('laravel');
const laravelEnv = { ...ADMIN_ENV, ...envOf(capabilityParamsOf(LARAVEL)) };

describe('check-upstream against the Laravel flavour', () => {
  it('finds every call compatible under the Laravel capability values, with notes', async () => {
    const run = await runCheck([api().url], laravelEnv);

    expect(run.code).toBe(0);
    expect(run.output).not.toMatch(/^(FAIL|warn)/m);
    expect(run.line('GET /admin/user')).toBe(
      'compatible, note: times without a zone (created_at): read as UTC',
    );
    expect(run.line('GET /admin/group/:group/fuel-prices/:type')).toBe(
      'compatible, note: numbers arrive as text (b_20, diesel, premium, regular, renew_99): read as numbers',
    );
    expect(run.line('GET /admin/offers')).toBe(
      'compatible, note: offers without slot: read as first, second and third in the order sent',
    );
    expect(run.line('GET /user (current user)')).toMatch(/^compatible/);
    expect(run.line('POST /register (optional)')).toBe(
      'absent, and off (UPSTREAM_REGISTRATION=false)',
    );
    expect(run.line('?date= of the price read (optional)')).toBe(
      'off (UPSTREAM_PRICE_DAY_PARAM=none), and the upstream answers its latest day',
    );
    // The complaint of the seed's former member comes with `user: null`, which the product reads.
    expect(run.line('GET /admin/user-complaint')).toMatch(/^compatible(,|$)/);
  });

  it('under the default values, passes but names each capability parameter to set', async () => {
    const run = await runCheck([api().url], { ...ADMIN_ENV, ...envOf(DEFAULT_CAPABILITY_PARAMS) });

    expect(run.code).toBe(0);
    expect(run.line('GET /me (current user)')).toBe(
      'missing (404); GET /user answers the user: set UPSTREAM_CURRENT_USER_PATH=/user and UPSTREAM_CURRENT_USER_ENVELOPE=false',
    );
    expect(run.line('POST /register (optional)')).toBe(
      'configured on (UPSTREAM_REGISTRATION=true) but missing (404): set UPSTREAM_REGISTRATION=false',
    );
    expect(run.line('POST /password/email (optional)')).toBe(
      'configured on (UPSTREAM_PASSWORD_REQUEST=true) but missing (404): set UPSTREAM_PASSWORD_REQUEST=false',
    );
    expect(run.line('?date= of the price read (optional)')).toMatch(
      /^asked \?date=2000-01-01, the upstream answered \d{4}-\d{2}-\d{2}: it ignores the parameter; set UPSTREAM_PRICE_DAY_PARAM=none$/,
    );
    expect(run.output).toMatch(/4 optional capabilities to set as said/);
  });

  it('says so when the current user is configured in the envelope but arrives bare', async () => {
    const run = await runCheck([api().url], {
      ...laravelEnv,
      UPSTREAM_CURRENT_USER_ENVELOPE: 'true',
    });

    expect(run.line('GET /user (current user)')).toBe(
      'the user arrives bare, outside the envelope: set UPSTREAM_CURRENT_USER_ENVELOPE=false',
    );
  });

  it('--write leaves nothing behind, reading the bare models Laravel echoes', async () => {
    const [{ id: user }] = (await adminRead(api().url, 'admin/user')) as [{ id: number }];
    const before = {
      groups: await adminRead(api().url, 'admin/groups'),
      invoices: await adminRead(api().url, `admin/user-reports/${user}`),
    };

    const run = await runCheck(
      [api().url, '--write', '--not-production', '--user', String(user)],
      laravelEnv,
    );

    expect(run.code).toBe(0);
    expect(run.line('POST /admin/groups')).toBe(
      'compatible, note: the reply holds no group the product can read: it reads the list again',
    );
    expect(run.line('DELETE /admin/groups/:group')).toBe('compatible');
    expect(run.line('DELETE /admin/user-report/:invoice')).toBe('compatible');
    expect(run.requests).toContainEqual(
      expect.stringMatching(/^POST \/api\/admin\/groups\/\d+\?_method=PUT$/),
    );
    expect(await adminRead(api().url, 'admin/groups')).toEqual(before.groups);
    expect(await adminRead(api().url, `admin/user-reports/${user}`)).toEqual(before.invoices);
  });
});
