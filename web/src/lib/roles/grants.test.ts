import { describe, expect, it } from 'vitest';
import { FULL_GRANTS, PERMISSIONS } from '@contracts/admins/roles';
import { createI18n } from '@/lib/i18n';
import { ROLES_NOT_IN_USE, rolesInUse } from '@/testing/roles';
import { grantsFrom, pushPermission, refusalOf, refusalText, rolesInUseFrom } from './grants';

const record = (roles: Record<string, true>) => ({ roles, updatedAt: 1, updatedBy: '9' });

describe('the grants of the signed-in admin', () => {
  it('are every permission while roles are not in use', () => {
    expect(grantsFrom(ROLES_NOT_IN_USE)).toBe(FULL_GRANTS);
    expect(grantsFrom({ settings: { inUse: false }, record: record({ auditor: true }) })).toBe(
      FULL_GRANTS,
    );
  });

  it('are every permission until both records are known', () => {
    expect(grantsFrom({})).toBe(FULL_GRANTS);
    expect(grantsFrom({ record: record({ auditor: true }) })).toBe(FULL_GRANTS);
    expect(grantsFrom({ settings: { inUse: true } })).toBe(FULL_GRANTS);
  });

  it("follow the admin's record while roles are in use", () => {
    const grants = grantsFrom(rolesInUse(['auditor']));
    expect([...grants.permissions].sort()).toEqual(['chat.read', 'view']);
    expect(grants.priceGroups).toBeNull();
    expect(grantsFrom(rolesInUse(['owner']))).toBe(FULL_GRANTS);
  });

  it('leave an admin with no record read-only', () => {
    const grants = grantsFrom({ settings: { inUse: true }, record: null });
    expect([...grants.permissions]).toEqual(['view']);
  });

  it('keep the price groups the record lists', () => {
    const grants = grantsFrom(rolesInUse(['prices'], ['5']));
    expect(grants.priceGroups).toEqual(new Set(['5']));
  });
});

describe('whether roles are in use', () => {
  it('is so once the settings say so and the admin’s own record is read', () => {
    expect(rolesInUseFrom(rolesInUse(['auditor']))).toBe(true);
    expect(rolesInUseFrom({ settings: { inUse: true }, record: null })).toBe(true);
  });

  it('is not so before roles, with roles turned off, or while either record is unknown', () => {
    expect(rolesInUseFrom(ROLES_NOT_IN_USE)).toBe(false);
    expect(rolesInUseFrom({ settings: { inUse: false }, record: null })).toBe(false);
    expect(rolesInUseFrom({ settings: { inUse: true } })).toBe(false);
    expect(rolesInUseFrom({ record: null })).toBe(false);
  });
});

describe('a refusal', () => {
  const auditor = grantsFrom(rolesInUse(['auditor']));
  const prices5 = grantsFrom(rolesInUse(['prices'], ['5']));

  it('is none for what the grants allow', () => {
    expect(refusalOf(FULL_GRANTS, 'users.delete')).toBeNull();
    expect(refusalOf(auditor, 'chat.read')).toBeNull();
    expect(refusalOf(prices5, 'prices.write', '5')).toBeNull();
    expect(PERMISSIONS.every((permission) => refusalOf(auditor, permission) === null)).toBe(false);
  });

  it('names the roles that would allow it, the owner last', () => {
    expect(refusalOf(auditor, 'prices.write')).toEqual({
      kind: 'roles',
      roles: ['prices', 'owner'],
    });
    expect(refusalOf(auditor, 'chat.write')).toEqual({
      kind: 'roles',
      roles: ['support', 'owner'],
    });
  });

  it('says when only the group is not the admin’s', () => {
    expect(refusalOf(prices5, 'prices.write', '6')).toEqual({ kind: 'group' });
  });

  it('reads as the language joins alternatives, the role names translated', async () => {
    const en = await createI18n('en');
    const de = await createI18n('de');
    const pushAll = refusalOf(auditor, 'push.all');
    expect(pushAll).not.toBeNull();
    if (pushAll === null) return;
    expect(refusalText(en.t, 'en', pushAll)).toBe('Needs the Broadcast or Owner role');
    expect(refusalText(de.t, 'de', pushAll)).toBe('Erfordert die Rolle Rundsendung oder Inhaber');
    expect(refusalText(en.t, 'en', { kind: 'roles', roles: ['support', 'auditor', 'owner'] })).toBe(
      'Needs the Support, Auditor, or Owner role',
    );
    expect(refusalText(en.t, 'en', { kind: 'roles', roles: ['owner'] })).toBe(
      'Needs the Owner role',
    );
    expect(refusalText(en.t, 'en', { kind: 'group' })).toBe(
      "Your roles do not cover this group's prices",
    );
  });
});

describe('the permission of a push', () => {
  it('is push.all for every user and push.targeted for one user or one group', () => {
    expect(pushPermission('all')).toBe('push.all');
    expect(pushPermission('user')).toBe('push.targeted');
    expect(pushPermission('group')).toBe('push.targeted');
  });
});
