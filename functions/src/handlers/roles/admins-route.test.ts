import { describe, expect, it } from 'vitest';
import { adminCalls } from '../../testing/admin-calls.js';
import { MemoryDb } from '../../testing/memory-db.js';

/** The Admins screen's routes through the `api` function. Bearer `t<uid>` is upstream user uid. */

const LIVE = (at: number, email: string) => ({
  at,
  expiresAt: 10_000,
  tokenHash: 'h',
  email,
  name: email,
});

function world(owners = ['1']) {
  const db = new MemoryDb({
    roleSettings: { inUse: owners.length > 0 },
    adminSessions: {
      '1': { s1: LIVE(50, 'owner@x.test') },
      '7': { a: LIVE(40, 'sam@x.test'), b: { ...LIVE(30, 'sam@x.test'), expiresAt: 20 } },
    },
    admins: {
      '7': {
        id: '7',
        name: 'Sam',
        email: 'sam@x.test',
        image: '',
        deviceToken: 'sam-browser',
        lastLogin: 40,
      },
    },
    adminRoles: {
      '1': { roles: { owner: true }, updatedAt: 1, updatedBy: 'deployment' },
      '7': { roles: { prices: true }, priceGroups: { '5': true }, updatedAt: 1, updatedBy: '1' },
      '8': { roles: { auditor: true }, updatedAt: 1, updatedBy: '1' },
    },
  });
  const revoked: string[] = [];
  const { call } = adminCalls({
    db,
    now: () => 100,
    owners,
    deps: { revokeRefreshTokens: async (uid) => void revoked.push(uid) },
  });
  const audit = () => Object.values((db.at('auditLog') as Record<string, unknown>) ?? {});
  return { db, call, revoked, audit };
}

describe("the Admins screen's routes", () => {
  it('list every admin seen to an owner, newest sign-in first, with their live sessions', async () => {
    const { call } = world();
    const reply = await call('1', 'GET', '/admins');
    expect(reply.status).toBe(200);
    expect(reply.json?.payload).toEqual({
      admins: [
        {
          uid: '1',
          email: 'owner@x.test',
          name: 'owner@x.test',
          owner: true,
          roles: [],
          priceGroups: [],
          lastSignIn: 50,
          liveSessions: 1,
        },
        {
          uid: '7',
          email: 'sam@x.test',
          name: 'sam@x.test',
          owner: false,
          roles: ['prices'],
          priceGroups: ['5'],
          lastSignIn: 40,
          liveSessions: 1,
        },
        {
          uid: '8',
          email: '',
          name: '',
          owner: false,
          roles: ['auditor'],
          priceGroups: [],
          lastSignIn: null,
          liveSessions: 0,
        },
      ],
      defaultRoles: [],
    });
  });

  it('refuse an admin who is no owner with 403, and answer 404 while roles are off', async () => {
    const reply = await world().call('7', 'GET', '/admins');
    expect(reply.status).toBe(403);
    expect(reply.json?.payload).toMatchObject({ permission: 'roles.manage', roles: ['owner'] });
    expect((await world([]).call('1', 'GET', '/admins')).status).toBe(404);
  });

  it("set an admin's roles and price groups, audited with before and after", async () => {
    const { db, call, audit } = world();
    const reply = await call('1', 'PUT', '/admins/7/roles', {
      roles: ['support', 'prices'],
      priceGroups: ['6', '5'],
    });
    expect(reply.status).toBe(200);
    expect(db.at('adminRoles/7')).toEqual({
      roles: { prices: true, support: true },
      priceGroups: { '5': true, '6': true },
      updatedAt: 100,
      updatedBy: '1',
    });
    expect(audit()).toEqual([
      expect.objectContaining({
        uid: '1',
        action: 'admin.roles',
        targets: { admin: '7' },
        before: { roles: 'prices', priceGroups: '5' },
        after: { roles: 'prices, support', priceGroups: '5, 6' },
        status: 200,
      }),
    ]);
  });

  it('drop the price groups with the prices role, and keep an owner an owner', async () => {
    const { db, call } = world();
    await call('1', 'PUT', '/admins/7/roles', { roles: ['auditor'], priceGroups: ['5'] });
    expect(db.at('adminRoles/7')).toEqual({
      roles: { auditor: true },
      updatedAt: 100,
      updatedBy: '1',
    });
    await call('1', 'PUT', '/admins/1/roles', { roles: [], priceGroups: [] });
    expect(db.at('adminRoles/1/roles')).toEqual({ owner: true });
  });

  it('refuse a role that cannot be given, and an admin never seen', async () => {
    const { call, audit } = world();
    const owner = await call('1', 'PUT', '/admins/7/roles', { roles: ['owner'], priceGroups: [] });
    expect(owner.status).toBe(400);
    expect(owner.json?.metadata.message).toContain('"prices"');
    expect(
      (await call('1', 'PUT', '/admins/99/roles', { roles: [], priceGroups: [] })).status,
    ).toBe(404);
    expect(audit()).toEqual([]);
  });

  it('end every session of an admin, their push token and refresh tokens with them', async () => {
    const { db, call, revoked, audit } = world();
    expect((await call('1', 'DELETE', '/admins/7/sessions')).status).toBe(200);
    expect(db.at('adminSessions/7')).toBeUndefined();
    expect(db.at('admins/7/deviceToken')).toBe('');
    expect(revoked).toEqual(['7']);
    expect(audit()).toEqual([
      expect.objectContaining({ action: 'admin.sign-out', targets: { admin: '7' } }),
    ]);
  });

  it('set the default roles, which a first-seen admin then gets', async () => {
    const { db, call, audit } = world();
    expect((await call('1', 'PUT', '/roles/default', { roles: ['auditor'] })).status).toBe(200);
    expect(db.at('roleSettings')).toEqual({ inUse: true, defaultRoles: { auditor: true } });
    expect((await call('1', 'GET', '/admins')).json?.payload).toMatchObject({
      defaultRoles: ['auditor'],
    });
    expect(audit()).toEqual([
      expect.objectContaining({ action: 'roles.default', after: { roles: 'auditor' } }),
    ]);
  });

  it('answer 405 to another method', async () => {
    expect((await world().call('1', 'POST', '/admins/7/roles', {})).status).toBe(405);
  });
});
