import type { Db } from '../db.js';

/**
 * One more admin per role of the back-office's roles (functions/src/contracts/admins/roles.ts), so the
 * local stack can show each: the upstream knows them as plain admins. Same password as the
 * first; made after the second admin, so every other seeded id stays what it was.
 */
export const SEED_ROLE_ADMINS = [
  { role: 'prices', name: 'Priya Prices', email: 'prices@fuel-community.test' },
  { role: 'support', name: 'Sol Support', email: 'support@fuel-community.test' },
  {
    role: 'communications',
    name: 'Cam Communications',
    email: 'communications@fuel-community.test',
  },
  { role: 'broadcast', name: 'Bo Broadcast', email: 'broadcast@fuel-community.test' },
  { role: 'users', name: 'Uma Users', email: 'users@fuel-community.test' },
  { role: 'auditor', name: 'Audra Auditor', email: 'auditor@fuel-community.test' },
] as const;

/**
 * Adds the role admins a database lacks (with the first admin's password hash), so a data folder
 * seeded before they were part of the seed has them too. Returns how many it added.
 */
export function addRoleAdmins(db: Db, passwordHash: string, createdAt: string): number {
  const present = db.prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ?');
  const insert = db.prepare<[string, string, string, string, string]>(
    `INSERT INTO users (name, email, username, password_hash, role, image_id, created_at)
     VALUES (?, ?, ?, ?, 'admin', NULL, ?)`,
  );
  let added = 0;
  for (const roleAdmin of SEED_ROLE_ADMINS) {
    if (present.get(roleAdmin.email) !== undefined) continue;
    insert.run(roleAdmin.name, roleAdmin.email, roleAdmin.role, passwordHash, createdAt);
    added += 1;
  }
  return added;
}
