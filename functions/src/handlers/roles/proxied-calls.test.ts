import { describe, expect, it } from 'vitest';
import { rolesGranting, UPSTREAM_CALLS, type Role } from '../../contracts/index.js';
import { adminCalls } from '../../testing/admin-calls.js';
import { handleProxyRequest } from '../proxy/index.js';
import { MemoryDb } from '../../testing/memory-db.js';

/**
 * Calls through the `api` function while roles are in use: the upstream answers yes to all, so
 * whatever does not reach it was refused by the function. Bearer `t<uid>` is upstream user uid.
 */

const OWNER = '1';

function stack(
  roles: Record<
    string,
    { roles?: Partial<Record<Role, true>>; priceGroups?: Record<string, true> }
  >,
  owners = [OWNER],
) {
  const db = new MemoryDb({
    roleSettings: { inUse: owners.length > 0 },
    adminRoles: Object.fromEntries(
      Object.entries(roles).map(([uid, record]) => [
        uid,
        { ...record, updatedAt: 1, updatedBy: OWNER },
      ]),
    ),
  });
  const { call, forwarded, deps } = adminCalls({ db, now: () => 5, owners });
  return {
    call: (uid: string, method: string, path: string, body?: unknown) =>
      call(uid, method, `/${path}`, body),
    upstream: forwarded,
    deps,
  };
}

const prices = {
  fuel_price_type_id: 1,
  date: '2026-11-29',
  regular: 4.1,
  midgrade: 4.3,
  premium: 4.5,
  diesel: 4.2,
};

describe('each role through the api function', () => {
  const { call, upstream, deps } = stack({
    '10': { roles: { prices: true }, priceGroups: { '5': true } },
    '11': { roles: { support: true } },
    '12': { roles: { communications: true } },
    '13': { roles: { broadcast: true } },
    '14': { roles: { users: true } },
    '15': { roles: { auditor: true } },
    '16': {},
  });

  it.each([
    [
      'prices, limited to group 5',
      '10',
      ['POST', 'admin/group/5/fuel-prices', prices],
      ['POST', 'admin/group/6/fuel-prices', prices],
      'prices.write',
    ],
    [
      'support',
      '11',
      ['POST', 'admin/user-complaint-change-status', { id: 3, status: 'resolved' }],
      ['DELETE', 'admin/user/3'],
      'users.delete',
    ],
    [
      'communications',
      '12',
      ['POST', 'admin/notifications', { title: 'Hi', description: 'x' }],
      ['POST', 'admin/groups', { name: 'G' }],
      'groups.write',
    ],
    ['broadcast', '13', ['GET', 'admin/user'], ['POST', 'admin/offers', {}], 'offers.write'],
    [
      'users',
      '14',
      ['DELETE', 'admin/user/3'],
      ['POST', 'admin/notifications', { title: 'Hi' }],
      'announcements.write',
    ],
    [
      'auditor',
      '15',
      ['GET', 'admin/user-complaint'],
      ['POST', 'admin/user-complaint-change-status', { id: 3 }],
      'complaints.write',
    ],
    ['no role', '16', ['GET', 'admin/groups'], ['DELETE', 'admin/user-report/8'], 'invoices.write'],
  ] as const)(
    '%s: lets one call through and refuses another with 403',
    async (_, uid, allowed, refused, missing) => {
      const [method, path, body] = allowed;
      expect((await call(uid, method, path, body)).status).toBe(200);
      expect(upstream.at(-1)).toBe(`${method} /${path}`);
      const before = upstream.length;
      const [refusedMethod, refusedPath, refusedBody] = refused;
      const reply = await call(uid, refusedMethod, refusedPath, refusedBody);
      expect(reply.status).toBe(403);
      expect(reply.json?.metadata.message).toContain(`needs the ${missing} permission`);
      expect(reply.json?.payload).toMatchObject({ permission: missing });
      expect(upstream).toHaveLength(before);
    },
  );

  it('names the group a limited prices admin may not save', async () => {
    const reply = await call('10', 'POST', 'admin/group/6/fuel-prices', prices);
    expect(reply.json?.payload).toEqual({
      permission: 'prices.write',
      roles: ['prices', 'owner'],
      groupId: '6',
    });
  });

  it('lets an owner make a call the table does not list, and refuses it to everyone else', async () => {
    expect((await call(OWNER, 'GET', 'admin/settings')).status).toBe(200);
    const reply = await call('15', 'GET', 'admin/settings');
    expect(reply.status).toBe(403);
    expect(reply.json?.payload).toMatchObject({ permission: 'roles.manage', roles: ['owner'] });
  });

  it('passes on a call with no bearer token, which carries no admin rights', async () => {
    const reply = await handleProxyRequest(
      { method: 'GET', url: '/api/health', headers: {}, body: { kind: 'none' } },
      deps,
    );
    expect(reply.status).toBe(200);
    expect(upstream.at(-1)).toBe('GET /health');
  });

  it('takes the method a POST names in its body', async () => {
    const reply = await call('15', 'POST', 'admin/notifications/4', { _method: 'DELETE' });
    expect(reply.json?.payload).toMatchObject({ permission: 'announcements.write' });
  });
});

describe('the permission table over every upstream call the product makes', () => {
  const changes = UPSTREAM_CALLS.filter(
    (row) => row.permission !== 'public' && row.permission !== 'view',
  );
  const pathOf = (path: string) => path.replace(/:\w+/g, '5');

  it.each(changes.map((row) => [`${row.method} /${row.path}`, row] as const))(
    '%s: refused without its permission, let through with a role that grants it',
    async (_, row) => {
      const permission = row.permission as Exclude<typeof row.permission, 'public' | 'view'>;
      const role = rolesGranting(permission)[0] as Role;
      const { call, upstream } = stack({ '20': {}, '21': { roles: { [role]: true } } });
      const body = row.method === 'GET' || row.method === 'DELETE' ? undefined : {};
      const method = row.method === 'PUT' ? 'POST' : row.method;
      const sent = row.method === 'PUT' ? { _method: 'PUT' } : body;
      const refused = await call('20', method, pathOf(row.path), sent);
      expect(refused.status).toBe(403);
      expect(refused.json?.payload).toMatchObject({ permission });
      expect(upstream).toEqual([]);
      expect((await call('21', method, pathOf(row.path), sent)).status).toBe(200);
      expect(upstream).toEqual([`${method} /${pathOf(row.path)}`]);
    },
  );

  it('lets every read through to an admin with no role', async () => {
    const { call, upstream } = stack({ '20': {} });
    for (const row of UPSTREAM_CALLS.filter((r) => r.permission === 'view')) {
      expect((await call('20', row.method, pathOf(row.path))).status).toBe(200);
    }
    expect(upstream).toHaveLength(UPSTREAM_CALLS.filter((r) => r.permission === 'view').length);
  });
});

describe('roles not in use', () => {
  it('let an admin with no record make every change, as before roles', async () => {
    const { call, upstream } = stack({}, []);
    expect((await call('20', 'DELETE', 'admin/user/3')).status).toBe(200);
    expect((await call('20', 'GET', 'admin/settings')).status).toBe(200);
    expect(upstream).toEqual(['DELETE /admin/user/3', 'GET /admin/settings']);
  });
});
