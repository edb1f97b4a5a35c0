import { describe, expect, it } from 'vitest';
import {
  allows,
  ASSIGNABLE_ROLES,
  grantsOf,
  PERMISSIONS,
  rolesGranting,
  ROLE_PERMISSIONS,
} from './roles.js';
import { UPSTREAM_CALLS, upstreamCallFor } from '../upstream/upstream-calls.js';

const record = (roles: string[], priceGroups?: string[]) => ({
  roles: Object.fromEntries(roles.map((role) => [role, true as const])),
  ...(priceGroups
    ? { priceGroups: Object.fromEntries(priceGroups.map((g) => [g, true as const])) }
    : {}),
  updatedAt: 1,
  updatedBy: '1',
});

describe('the roles', () => {
  it('leave an admin with no role, or no record, read-only', () => {
    for (const grants of [grantsOf(null), grantsOf(record([]))]) {
      expect([...grants.permissions]).toEqual(['view']);
    }
  });

  it('give an owner every permission, whatever else the record says', () => {
    const grants = grantsOf(record(['owner', 'prices'], ['5']));
    expect(PERMISSIONS.every((permission) => allows(grants, permission, '9'))).toBe(true);
  });

  it('add up the permissions of several roles', () => {
    const grants = grantsOf(record(['support', 'broadcast']));
    expect(allows(grants, 'complaints.write')).toBe(true);
    expect(allows(grants, 'push.all')).toBe(true);
    expect(allows(grants, 'push.targeted')).toBe(false);
    expect(allows(grants, 'users.delete')).toBe(false);
  });

  it('limit a prices admin to the groups the record lists', () => {
    const limited = grantsOf(record(['prices'], ['5']));
    expect(allows(limited, 'prices.write', '5')).toBe(true);
    expect(allows(limited, 'prices.write', '6')).toBe(false);
    expect(allows(limited, 'prices.write')).toBe(true);
    expect(allows(grantsOf(record(['prices'])), 'prices.write', '6')).toBe(true);
    // A price limit gives no price rights without the role.
    expect(allows(grantsOf(record(['support'], ['5'])), 'prices.write', '5')).toBe(false);
  });

  it('each grant a permission only they name', () => {
    expect(rolesGranting('users.delete')).toEqual(['users', 'owner']);
    expect(rolesGranting('roles.manage')).toEqual(['owner']);
    expect(rolesGranting('view')).toEqual([]);
  });

  it('leave no permission but view to owners alone, except managing roles', () => {
    const given = new Set(ASSIGNABLE_ROLES.flatMap((role) => ROLE_PERMISSIONS[role]));
    expect(PERMISSIONS.filter((p) => p !== 'view' && !given.has(p))).toEqual(['roles.manage']);
  });
});

describe('the upstream calls', () => {
  it('need view to read and a change permission to change', () => {
    for (const call of UPSTREAM_CALLS.filter((row) => row.permission !== 'public')) {
      expect(call.permission === 'view', `${call.method} ${call.path}`).toBe(call.method === 'GET');
    }
  });

  it('are matched with the ids their paths name', () => {
    expect(upstreamCallFor('POST', ['admin', 'group', '5', 'fuel-prices'])).toMatchObject({
      call: { permission: 'prices.write' },
      ids: { group: '5' },
    });
    expect(upstreamCallFor('DELETE', ['admin', 'user', '12'])?.call.permission).toBe(
      'users.delete',
    );
    expect(upstreamCallFor('GET', ['admin', 'secrets'])).toBeNull();
    expect(upstreamCallFor('PATCH', ['admin', 'groups', '5'])).toBeNull();
  });
});
