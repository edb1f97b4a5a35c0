import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ADMIN, SEED_ROLE_ADMINS, SEED_SECOND_ADMIN } from './api/index.ts';
import { repoRoot } from './build.ts';
import { seedRoles, writeSeedRoles } from './roles-seed.ts';
import { startRtdb, type RunningRtdb } from './rtdb/index.ts';

const ids = new Map<string, number>([
  [SEED_ADMIN.email, 1],
  [SEED_SECOND_ADMIN.email, 90],
  ...SEED_ROLE_ADMINS.map((admin, at): [string, number] => [admin.email, 91 + at]),
]);

describe('the seed of roles', () => {
  it('names the first two admins owners and gives each role admin their role', () => {
    const roles = seedRoles(ids, 5);
    expect(roles.ownerIds).toBe('1,90');
    expect(Object.keys(roles.records)).toHaveLength(SEED_ROLE_ADMINS.length);
    expect(roles.records['91']).toEqual({
      roles: { [SEED_ROLE_ADMINS[0].role]: true },
      updatedAt: 5,
      updatedBy: 'deployment',
    });
  });

  it('says which admin the reference API lacks', () => {
    expect(() => seedRoles(new Map([[SEED_ADMIN.email, 1]]), 5)).toThrow(
      `The reference API holds no admin ${SEED_ROLE_ADMINS[0].email}`,
    );
  });

  describe('written to the database', () => {
    let rtdb: RunningRtdb;
    const url = () => `http://127.0.0.1:${rtdb.port}`;
    const read = async (at: string) =>
      (
        await fetch(`${url()}/${at}.json?ns=seed`, { headers: { authorization: 'Bearer owner' } })
      ).json();

    beforeAll(async () => {
      rtdb = await startRtdb({ port: 0, rulesFile: path.join(repoRoot, 'database.rules.json') });
    });
    afterAll(() => rtdb.close());

    it('turns roles on, and keeps a role an owner changed since', async () => {
      const { records } = seedRoles(ids, 5);
      expect(await writeSeedRoles(url(), 'seed', records)).toBe(SEED_ROLE_ADMINS.length);
      const changed = { roles: { auditor: true }, updatedAt: 9, updatedBy: '1' };
      await fetch(`${url()}/adminRoles/91.json?ns=seed`, {
        method: 'PUT',
        headers: { authorization: 'Bearer owner' },
        body: JSON.stringify(changed),
      });
      expect(await writeSeedRoles(url(), 'seed', records)).toBe(0);
      expect(await read('roleSettings')).toEqual({ inUse: true });
      expect(await read('adminRoles/91')).toEqual(changed);
      expect(await read('adminRoles/92')).toEqual(records['92']);
    });
  });
});
