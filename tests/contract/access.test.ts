import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractApi, expectFail, expectOk, flavour } from './support.js';

const api = contractApi();

/** Every admin call of the API (ids need not exist: access is checked first). */
const ADMIN_CALLS: [method: string, route: string][] = [
  ['GET', '/admin/user'],
  ['DELETE', '/admin/user/999999'],
  ['GET', '/admin/user-reports/1'],
  ['POST', '/admin/user-report'],
  ['POST', '/admin/user-report/1?_method=PUT'],
  ['DELETE', '/admin/user-report/1'],
  ['GET', '/admin/user-complaint'],
  ['DELETE', '/admin/user-complaint/999999'],
  ['POST', '/admin/complaint/1/response'],
  ['POST', '/admin/user-complaint-change-status'],
  ['GET', '/admin/notifications'],
  ['POST', '/admin/notifications'],
  ['POST', '/admin/notifications/1?_method=PUT'],
  ['DELETE', '/admin/notifications/999999'],
  ['GET', '/admin/groups'],
  ['POST', '/admin/groups'],
  ['POST', '/admin/groups/1?_method=PUT'],
  ['DELETE', '/admin/groups/999999'],
  ['GET', '/admin/groups/1/assigned-users'],
  ['POST', '/admin/groups/1/assign-users'],
  ['GET', '/admin/offers'],
  ['POST', '/admin/offers'],
  ['GET', '/admin/fuel-price-types'],
  ['GET', '/admin/group/1/fuel-prices/1'],
  ['POST', '/admin/group/1/fuel-prices'],
];
const SIGNED_IN_CALLS: [string, string][] = [
  ['GET', flavour.currentUser.path],
  ['POST', '/chats'],
  ['DELETE', '/chats/999999'],
];

describe('bearer tokens', () => {
  it.each([...ADMIN_CALLS, ...SIGNED_IN_CALLS])(
    '%s %s answers 401 without a token',
    async (method, route) => {
      const reply = await api.call(method, route);
      expect(expectFail(reply, 401)).toBe('Unauthenticated.');
      expect(reply.headers.get('www-authenticate')).toBe('Bearer');
    },
  );

  it.each([...ADMIN_CALLS, ...SIGNED_IN_CALLS])(
    '%s %s answers 401 to an unknown token',
    async (method, route) => {
      expectFail(await api.call(method, route, { token: 'forged-token-value' }), 401);
    },
  );

  it.each(ADMIN_CALLS)('%s %s answers 403 to an app user', async (method, route) => {
    const reply = await api.call(method, route, { token: await api.userToken() });
    expect(expectFail(reply, 403)).toBe('This action is unauthorized.');
  });

  it('lets the admin through', async () => {
    expect((await api.call('GET', '/admin/user', { token: await api.adminToken() })).status).toBe(
      200,
    );
  });

  it('leaves the health check open', async () => {
    expect(
      expectOk(await api.call('GET', '/health'), z.object({ status: z.literal('ok') })),
    ).toEqual({ status: 'ok' });
  });

  it('answers an unknown route with 404 in the envelope', async () => {
    expect(
      expectFail(
        await api.call('GET', '/admin/no-such-thing', { token: await api.adminToken() }),
        404,
      ),
    ).toBe('The requested route is not found');
  });
});
