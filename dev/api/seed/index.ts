import type { Db } from '../db.js';
import type { FileStore, FileTx } from '../files.js';
import { DAY_MS, losAngelesDay } from '../time.js';
import { FIRST_NAMES, LAST_NAMES } from './content.js';
import { avatarPng, PALETTE } from './images.js';
import { createRandom, type Random } from './random.js';
import { addRoleAdmins } from './role-admins.js';
import {
  seedAnnouncements,
  seedComplaints,
  seedFuelPrices,
  seedGroups,
  seedOffers,
  seedReports,
} from './tables.js';

/** The back-office's admin (its password is printed by `npm start`). */
export const SEED_ADMIN = {
  email: 'admin@fuel-community.test',
  password: 'fuel-admin-2024',
} as const;

/**
 * A second admin, so two admins can work side by side (the price desk shows each the other).
 * Same password as the first; made last, so every other seeded id stays what it was.
 */
export const SEED_SECOND_ADMIN = {
  name: 'Sam Rivera',
  email: 'admin2@fuel-community.test',
  password: SEED_ADMIN.password,
} as const;

/** The first app user; every seeded app user has this password. It belongs to the first two groups. */
export const SEED_APP_USER = {
  name: 'Olivia Martinez',
  email: 'olivia.martinez@example.com',
  password: 'fuel-user-2024',
} as const;

export interface SeedOptions {
  /** App users to create (at least 1). */
  users: number;
  /** Members of the largest of the five groups; the others hold 80 %, 60 %, 45 %, 30 % of it. */
  groupMembersMax: number;
}
export const SEED_DEFAULTS: SeedOptions = { users: 80, groupMembersMax: 24 };

export interface SeedDeps {
  db: Db;
  files: FileStore;
  clock: () => number;
  /** scrypt hashes, computed once: every app user shares one, which keeps 100 000 users fast. */
  passwordHashes: { admin: string; user: string };
  options: SeedOptions;
}

/** Fills a new database. Runs inside the caller's transaction; deterministic for one clock. */
export function seed(deps: SeedDeps) {
  const { db, files, clock, options } = deps;
  const now = clock();
  const random = createRandom(20_240_601);
  const iso = (ms: number) => new Date(ms).toISOString();

  return files.transaction((tx) => {
    const avatars = avatarCache(tx);
    const insertUser = db.prepare<
      [string, string, string, string, string, number | null, string],
      { id: number }
    >(
      `INSERT INTO users (name, email, username, password_hash, role, image_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    );
    const insertDevice = db.prepare<[number, string]>(
      'INSERT OR IGNORE INTO devices (user_id, token) VALUES (?, ?)',
    );

    const admin = insertUser.get(
      'Fuel Community Admin',
      SEED_ADMIN.email,
      'admin',
      deps.passwordHashes.admin,
      'admin',
      avatars('FA'),
      iso(now - 400 * DAY_MS),
    );
    if (admin === undefined) throw new Error('the admin was not created');

    const userIds: number[] = [];
    const emails = new Set<string>();
    const spread = (365 * DAY_MS) / options.users;
    for (let i = 0; i < options.users; i += 1) {
      const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Alex';
      const last =
        LAST_NAMES[(i + Math.floor(i / FIRST_NAMES.length) * 7) % LAST_NAMES.length] ?? 'Doe';
      const local = `${first}.${last}`.toLowerCase();
      const email = emails.has(local) ? `${local}.${i + 1}@example.com` : `${local}@example.com`;
      emails.add(local);
      const row = insertUser.get(
        `${first} ${last}`,
        email,
        `${first}${last}${i + 1}`.toLowerCase(),
        deps.passwordHashes.user,
        'user',
        // One in eight has no picture, so the placeholder shows too.
        i % 8 === 7 ? null : avatars(`${first[0] ?? ''}${last[0] ?? ''}`),
        iso(now - (options.users - i) * spread),
      );
      if (row === undefined) throw new Error('a user was not created');
      userIds.push(row.id);
      for (const token of deviceTokens(random, i === 0 ? 1 : random.int(0, 3)))
        insertDevice.run(row.id, token);
    }

    const groupIds = seedGroups(db, tx, random, userIds, options.groupMembersMax, now);
    seedReports(db, random, userIds, now);
    seedComplaints(db, random, userIds, now);
    seedAnnouncements(db, tx, now);
    seedFuelPrices(db, random, groupIds, losAngelesDay(now));
    seedOffers(db, tx);
    insertUser.get(
      SEED_SECOND_ADMIN.name,
      SEED_SECOND_ADMIN.email,
      'admin2',
      deps.passwordHashes.admin,
      'admin',
      null,
      iso(now - 200 * DAY_MS),
    );
    addRoleAdmins(db, deps.passwordHashes.admin, iso(now - 100 * DAY_MS));
    return { admin: admin.id, users: userIds.length, groups: groupIds.length };
  });
}

/** One avatar file per pair of initials, shared by everyone who has them. */
function avatarCache(tx: FileTx) {
  const made = new Map<string, number>();
  return (initials: string) => {
    const known = made.get(initials);
    if (known !== undefined) return known;
    const colour =
      PALETTE[[...initials].reduce((sum, c) => sum + c.charCodeAt(0), 0) % PALETTE.length];
    const file = tx.write(avatarPng(initials, colour ?? [71, 85, 105]), {
      name: `avatar-${initials.toLowerCase()}.png`,
      mime: 'image/png',
    });
    made.set(initials, file.id);
    return file.id;
  };
}

/** Fake push tokens; one in twenty starts with `invalid-`, which the emulator's push sender rejects. */
function deviceTokens(random: Random, count: number): string[] {
  return Array.from({ length: count }, () =>
    random.next() < 0.05 ? `invalid-${random.word(24)}` : `seed-${random.word(40)}`,
  );
}
