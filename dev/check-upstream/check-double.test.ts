import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CAPABILITY_PARAMS } from '../../functions/src/contracts/index.js';
import {
  ADMIN_ENV,
  type DoubleRoutes,
  envOf,
  ok,
  runCheck,
  upstreamDouble,
} from './test-support.js';

// A small upstream in the test, compatible until a test changes one of its routes.
const admin = { id: 1, name: 'Ada Admin', email: 'ada@example.com', role: ['admin'] };
const compatibleRoutes = (): DoubleRoutes => ({
  'POST /login': () => ok({ user: admin, token: 'token-1' }),
  'GET /me': () => ok(admin),
  'GET /admin/user': () =>
    ok([
      { id: 7, name: 'Bo' },
      { id: '8', name: 'Cy' },
    ]),
  'GET /admin/user-reports/7': () => ok([]),
  'GET /admin/user-complaint': () => ok([]),
  'GET /admin/notifications': () => ok([]),
  'GET /admin/groups': () =>
    ok([{ id: 3, name: 'North', image: null, users: [], timestamp: 1_700_000_000_000 }]),
  'GET /admin/groups/3/assigned-users': () => ok([]),
  'GET /admin/offers': () => ok([]),
  'GET /admin/fuel-price-types': () => ok([{ id: 1, name: 'Cash' }]),
  'GET /admin/group/3/fuel-prices/1': () => ok(null),
  'POST /password/reset': () => ({
    status: 422,
    body: { message: 'The token field is required.' },
  }),
  'POST /register': () => ({ status: 422, body: { message: 'The email field is required.' } }),
  'POST /password/email': () => ({
    status: 422,
    body: { message: 'The email field is required.' },
  }),
});

let routes = compatibleRoutes();
beforeEach(() => {
  routes = compatibleRoutes();
});
const url = upstreamDouble(() => routes);
const env = { ...ADMIN_ENV, ...envOf(DEFAULT_CAPABILITY_PARAMS) };

describe('check-upstream against a test double', () => {
  it('passes the double as it is', async () => {
    const run = await runCheck([url()], env);

    expect(run.output).not.toMatch(/^FAIL/m);
    expect(run.code).toBe(0);
  });

  it('fails, naming the call, when a required call is missing', async () => {
    delete routes['GET /admin/offers'];

    const run = await runCheck([url()], env);

    expect(run.code).toBe(1);
    expect(run.line('GET /admin/offers')).toBe('missing (404)');
    expect(run.output).toMatch(/NOT compatible: 1 failed \(GET \/admin\/offers\)/);
  });

  it('fails, naming the call and the field, when a field has the wrong type', async () => {
    routes['GET /admin/groups'] = () =>
      ok([{ id: 3, name: 'North', image: null, users: [], timestamp: 'yesterday' }]);

    const run = await runCheck([url()], env);

    expect(run.code).toBe(1);
    expect(run.line('GET /admin/groups')).toBe(
      'incompatible: payload[0].timestamp: got "yesterday", expected a number or numeric text (none of 1 items could be read)',
    );
  });

  it('says first that a plain http upstream beyond this machine is refused, then checks the rest', async () => {
    // The double stands in for a host on the network: requests to it reach the local server.
    const remote = 'http://upstream.example.net/api';
    const toDouble: typeof fetch = (input, init) =>
      fetch(String(input).replace(remote, url()), init);

    const run = await runCheck([remote], env, toDouble);

    expect(run.code).toBe(1);
    expect(run.output.split('\n')[3]).toMatch(
      /^FAIL {2}UPSTREAM_API_URL +UPSTREAM_API_URL must use https/,
    );
    expect(run.line('UPSTREAM_API_URL')).toContain('Put TLS in front of the upstream');
    expect(run.line('GET /admin/groups')).toBe('compatible');
  });

  it('refuses without the admin credentials, before any request', async () => {
    const run = await runCheck([url()], { UPSTREAM_ADMIN_EMAIL: admin.email });

    expect(run.code).toBe(2);
    expect(run.output).toMatch(/^check-upstream: UPSTREAM_ADMIN_PASSWORD is not set/);
    expect(run.requests).toEqual([]);
  });

  it('refuses --write without --not-production, before any request', async () => {
    const run = await runCheck([url(), '--write', '--user', '7'], env);

    expect(run.code).toBe(2);
    expect(run.output).toMatch(/refused without --not-production/);
    expect(run.requests).toEqual([]);
  });

  it('--write reports what it could not delete', async () => {
    // The group made stays listed: its deletion fails.
    const made = { id: 44, name: 'made', image: null, users: [], timestamp: 1 };
    routes['GET /admin/groups'] = () => ok([made]);
    routes['POST /admin/groups'] = () => ok(made);
    routes['GET /admin/groups/44/assigned-users'] = () => ok([]);
    routes['GET /admin/group/44/fuel-prices/1'] = () => ok(null);
    routes['POST /admin/groups/44'] = () => ok(null);
    routes['DELETE /admin/groups/44'] = () => ({ status: 500, body: { message: 'Server Error' } });
    routes['POST /admin/user-report'] = () => ({ status: 422, body: { message: 'No.' } });

    const run = await runCheck([url(), '--write', '--not-production', '--user', '7'], env);

    expect(run.code).toBe(1);
    expect(run.line('POST /admin/user-report')).toBe('incompatible: HTTP 422: "No."');
    expect(run.line('DELETE /admin/groups/:group')).toBe('incompatible: HTTP 500: "Server Error"');
    expect(run.output.match(/^FAIL.*$/gm)).toHaveLength(4);
    expect(run.line('left behind')).toMatch(/^group 44 "check-upstream .*": delete it by hand$/);
  });
});
