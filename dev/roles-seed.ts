import { z } from 'zod';
import {
  adminRolesSchema,
  paths,
  ROLES,
  type AdminRoles,
  type Role,
} from '../functions/src/contracts/index.js';
import { SEED_ADMIN, SEED_ROLE_ADMINS, SEED_SECOND_ADMIN } from './api/index.ts';

/**
 * The back-office's roles on the seeded reference API: the seed's first two admins are the owners
 * (OWNER_IDS) and keep every right; each of `SEED_ROLE_ADMINS` holds the role it is named after.
 */
export interface SeedRoles {
  /** The OWNER_IDS parameter. */
  ownerIds: string;
  /** The role records of the role admins, by upstream user id. */
  records: Record<string, AdminRoles>;
}

const roleSchema = z.enum(ROLES);

/** The owners and records for the admins the reference API holds (by e-mail). */
export function seedRoles(adminIds: ReadonlyMap<string, number>, now: number): SeedRoles {
  const idOf = (email: string) => {
    const id = adminIds.get(email);
    if (id === undefined) throw new Error(`The reference API holds no admin ${email}`);
    return String(id);
  };
  const records: Record<string, AdminRoles> = {};
  for (const admin of SEED_ROLE_ADMINS) {
    const role: Role = roleSchema.parse(admin.role);
    records[idOf(admin.email)] = adminRolesSchema.parse({
      roles: { [role]: true },
      updatedAt: now,
      updatedBy: 'deployment',
    });
  }
  return { ownerIds: [SEED_ADMIN.email, SEED_SECOND_ADMIN.email].map(idOf).join(','), records };
}

/**
 * Writes the records where none is yet (a role an owner changed since stays), and turns roles on
 * at the rules, through the database's REST API as the owner. Resolves with how many it wrote.
 */
export async function writeSeedRoles(
  databaseUrl: string,
  namespace: string,
  records: Record<string, AdminRoles>,
): Promise<number> {
  const headers = { authorization: 'Bearer owner', 'content-type': 'application/json' };
  const at = (path: string) => `${databaseUrl}/${path}.json?ns=${encodeURIComponent(namespace)}`;
  const read = await fetch(at(paths.allAdminRoles()), { headers });
  if (!read.ok) throw new Error(`reading the role records answered HTTP ${read.status}`);
  const held =
    z
      .record(z.string(), z.unknown())
      .nullable()
      .parse(await read.json()) ?? {};
  const missing = Object.entries(records).filter(([uid]) => held[uid] === undefined);
  const updates: Record<string, unknown> = { [`${paths.roleSettings()}/inUse`]: true };
  for (const [uid, record] of missing) updates[paths.adminRoles(uid)] = record;
  const wrote = await fetch(at(''), { method: 'PATCH', headers, body: JSON.stringify(updates) });
  if (!wrote.ok) throw new Error(`writing the role records answered HTTP ${wrote.status}`);
  return missing.length;
}
