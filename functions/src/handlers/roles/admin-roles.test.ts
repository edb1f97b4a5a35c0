import { describe, expect, it } from 'vitest';
import { MemoryDb } from '../../testing/memory-db.js';
import {
  createGrantsCache,
  grantsOfAdmin,
  holding,
  parseOwnerIds,
  settleAdminRoles,
} from './admin-roles.js';
import { FULL_GRANTS, grantsOf } from '../../contracts/index.js';

const record = (roles: Record<string, true>, extra: Record<string, unknown> = {}) => ({
  roles,
  updatedAt: 1,
  updatedBy: '1',
  ...extra,
});

describe('OWNER_IDS', () => {
  it('names upstream ids separated by commas; empty names none', () => {
    expect([...parseOwnerIds(' 1, 42 ,')]).toEqual(['1', '42']);
    expect(parseOwnerIds('').size).toBe(0);
    expect(() => parseOwnerIds('1;2')).toThrow(/OWNER_IDS must be upstream user ids.*"1;2"/);
  });
});

describe('a session opening', () => {
  const settle = (db: MemoryDb, uid: string, owners: string[]) =>
    settleAdminRoles(uid, { db, now: () => 9, owners: new Set(owners) });

  it('records no roles and keeps roles off while no owner is named', async () => {
    const db = new MemoryDb();
    await settle(db, '7', []);
    expect(db.at('roleSettings')).toEqual({ inUse: false });
    expect(db.at('adminRoles')).toBeUndefined();
  });

  it('turns roles on, and gives an owner the owner role', async () => {
    const db = new MemoryDb({ roleSettings: { inUse: false } });
    await settle(db, '1', ['1']);
    expect(db.at('roleSettings')).toEqual({ inUse: true });
    expect(db.at('adminRoles/1')).toEqual(
      record({ owner: true }, { updatedAt: 9, updatedBy: 'deployment' }),
    );
  });

  it('gives an admin seen for the first time the default roles, or none', async () => {
    const db = new MemoryDb({ roleSettings: { inUse: true, defaultRoles: { auditor: true } } });
    await settle(db, '7', ['1']);
    expect(db.at('adminRoles/7')).toEqual(
      record({ auditor: true }, { updatedAt: 9, updatedBy: 'deployment' }),
    );
    const none = new MemoryDb({ roleSettings: { inUse: true } });
    await settle(none, '7', ['1']);
    expect(db.at('adminRoles/7/roles')).toEqual({ auditor: true });
    expect(none.at('adminRoles/7')).toEqual({ updatedAt: 9, updatedBy: 'deployment' });
  });

  it('keeps the roles an owner gave, and the owner role in line with OWNER_IDS', async () => {
    const db = new MemoryDb({
      roleSettings: { inUse: true },
      adminRoles: { '1': record({ owner: true, prices: true }), '7': record({ support: true }) },
    });
    await settle(db, '7', ['7']);
    await settle(db, '1', ['7']);
    expect(db.at('adminRoles/7')).toEqual(
      record({ support: true, owner: true }, { updatedAt: 9, updatedBy: 'deployment' }),
    );
    expect(db.at('adminRoles/1')).toEqual(
      record({ prices: true }, { updatedAt: 9, updatedBy: 'deployment' }),
    );
  });
});

describe("an admin's grants", () => {
  const roles = (db: MemoryDb, owners: string[]) => ({ db, now: () => 9, owners: new Set(owners) });

  it('are every permission while no owner is named, whatever the records say', async () => {
    const db = new MemoryDb({ adminRoles: { '7': record({ auditor: true }) } });
    expect(await grantsOfAdmin('7', roles(db, []))).toBe(FULL_GRANTS);
  });

  it("are every permission for an owner, and the record's for the others", async () => {
    const db = new MemoryDb({
      adminRoles: { '7': record({ prices: true }, { priceGroups: { '5': true } }) },
    });
    expect(await grantsOfAdmin('1', roles(db, ['1']))).toBe(FULL_GRANTS);
    const grants = await grantsOfAdmin('7', roles(db, ['1']));
    expect([...grants.permissions]).toEqual(['view', 'prices.write']);
    expect([...(grants.priceGroups ?? [])]).toEqual(['5']);
  });

  it("are the default roles' for an admin with no record yet", async () => {
    const db = new MemoryDb({ roleSettings: { inUse: true, defaultRoles: { support: true } } });
    expect((await grantsOfAdmin('7', roles(db, ['1']))).permissions.has('chat.read')).toBe(true);
    const bare = new MemoryDb({ roleSettings: { inUse: true } });
    expect([...(await grantsOfAdmin('7', roles(bare, ['1']))).permissions]).toEqual(['view']);
  });

  it('are read again once the cache time has passed, and after a failed read', async () => {
    let now = 0;
    const cache = createGrantsCache(() => now);
    let reads = 0;
    const read = () => {
      reads += 1;
      return reads === 3 ? Promise.reject(new Error('down')) : Promise.resolve(grantsOf(null));
    };
    await cache('7', read);
    now = 29_999;
    await cache('7', read);
    expect(reads).toBe(1);
    now = 30_000;
    await cache('7', read);
    now = 60_000;
    await expect(cache('7', read)).rejects.toThrow('down');
    await cache('7', read);
    expect(reads).toBe(4);
  });
});

describe('the admins holding a permission', () => {
  it('are all of them while roles are not in use, else those whose records grant it', async () => {
    const db = new MemoryDb({
      adminRoles: {
        '1': record({ owner: true }),
        '2': record({ auditor: true }),
        '3': record({ prices: true }),
      },
    });
    expect(await holding(db, ['1', '2', '3', '4'], 'chat.read')).toEqual(['1', '2', '3', '4']);
    await db.update({ 'roleSettings/inUse': true });
    expect(await holding(db, ['1', '2', '3', '4'], 'chat.read')).toEqual(['1', '2']);
  });
});
