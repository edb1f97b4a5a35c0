import type { Db } from '../db.js';
import type { FileStore, FileTx } from '../files.js';
import { daysBefore, losAngelesDay } from '../time.js';
import {
  ANNOUNCEMENTS,
  COMPLAINTS,
  FIRST_NAMES,
  FUEL_PRICE_TYPES,
  GROUPS,
  LAST_NAMES,
  OFFERS,
  REPORT_ITEMS,
  RESPONSES,
} from './content.js';
import { avatarPng, bannerPng, PALETTE } from './images.js';
import { createRandom, type Random } from './random.js';
import { addRoleAdmins } from './role-admins.js';

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

const DAY = 24 * 60 * 60 * 1000;
const round2 = (n: number) => Math.round(n * 100) / 100;

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
      iso(now - 400 * DAY),
    );
    if (admin === undefined) throw new Error('the admin was not created');

    const userIds: number[] = [];
    const emails = new Set<string>();
    const spread = (365 * DAY) / options.users;
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
      iso(now - 200 * DAY),
    );
    addRoleAdmins(db, deps.passwordHashes.admin, iso(now - 100 * DAY));
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

function seedGroups(
  db: Db,
  tx: FileTx,
  random: Random,
  userIds: number[],
  membersMax: number,
  now: number,
) {
  const insert = db.prepare<[string, number, number], { id: number }>(
    'INSERT INTO chat_groups (name, image_id, created_at) VALUES (?, ?, ?) RETURNING id',
  );
  const addMember = db.prepare<[number, number]>(
    'INSERT OR IGNORE INTO group_members (group_id, user_id) VALUES (?, ?)',
  );
  const cap = Math.min(membersMax, userIds.length);
  const [firstUser] = userIds;
  return GROUPS.map((group, k) => {
    const image = tx.write(bannerPng([group.initials], k, 256, 256), {
      name: `group-${group.initials.toLowerCase()}.png`,
      mime: 'image/png',
    });
    // Created a few days apart, the first oldest: the list shows them newest first.
    const row = insert.get(
      group.name,
      image.id,
      now - (GROUPS.length - k) * 6 * DAY + k * 3_600_000,
    );
    if (row === undefined) throw new Error('a group was not created');
    const size = Math.max(1, Math.round(cap * ([1, 0.8, 0.6, 0.45, 0.3][k] ?? 0.3)));
    const members = random.sample(userIds, size);
    // The documented app user sits in the first two groups, within the size.
    if (k < 2 && firstUser !== undefined && !members.includes(firstUser))
      members[members.length - 1] = firstUser;
    for (const userId of members) addMember.run(row.id, userId);
    return row.id;
  });
}

function seedReports(db: Db, random: Random, userIds: number[], now: number) {
  const insert = db.prepare<[number, string, string, string, string]>(
    'INSERT INTO reports (user_id, title, description, url, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  let invoice = 1000;
  for (const userId of userIds.slice(0, 1000)) {
    for (let r = random.int(0, 3); r > 0; r -= 1) {
      invoice += 1;
      const item = random.pick(REPORT_ITEMS);
      const gallons = (random.int(80, 220) / 10).toFixed(1);
      insert.run(
        userId,
        `Invoice INV-${invoice}`,
        `${item}: ${gallons} gal, $${(Number(gallons) * 4.89).toFixed(2)}`,
        `https://invoices.fuel-community.test/INV-${invoice}.pdf`,
        new Date(now - random.int(1, 90) * DAY).toISOString(),
      );
    }
  }
}

function seedComplaints(db: Db, random: Random, userIds: number[], now: number) {
  const insert = db.prepare<[number, string, string, number, string | null, string]>(
    'INSERT INTO complaints (user_id, title, description, status, admin_response, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const count = Math.max(36, Math.min(2000, Math.round(userIds.length / 50)));
  for (let i = 0; i < count; i += 1) {
    const [title, description] = COMPLAINTS[i % COMPLAINTS.length] ?? [
      'Complaint',
      'Something went wrong.',
    ];
    // Pending, approved, rejected in turn; most decided ones carry an answer.
    const status = (i % 3) + 1;
    const answered = status !== 1 && i % 4 !== 0;
    insert.run(
      random.pick(userIds),
      title,
      description,
      status,
      answered ? random.pick(RESPONSES) : null,
      new Date(now - i * 7 * 3_600_000 - random.int(0, 3_600_000)).toISOString(),
    );
  }
}

function seedAnnouncements(db: Db, tx: FileTx, now: number) {
  const insert = db.prepare<[string, string, number | null, string]>(
    'INSERT INTO announcements (title, description, image_id, created_at) VALUES (?, ?, ?, ?)',
  );
  ANNOUNCEMENTS.forEach((item, i) => {
    const image =
      item.banner === null
        ? null
        : tx.write(bannerPng(item.banner, i), {
            name: `announcement-${i + 1}.png`,
            mime: 'image/png',
          });
    insert.run(
      item.title,
      item.description,
      image?.id ?? null,
      new Date(now - (ANNOUNCEMENTS.length - i) * 4 * DAY).toISOString(),
    );
  });
}

/** A month of prices for every group and type, walking a little from day to day. */
function seedFuelPrices(db: Db, random: Random, groupIds: number[], today: string) {
  const insertType = db.prepare<[string], { id: number }>(
    'INSERT INTO fuel_price_types (name) VALUES (?) RETURNING id',
  );
  const insert = db.prepare<[number, number, string, number, number, number, number, number]>(
    `INSERT INTO fuel_prices (group_id, type_id, date, regular, premium, diesel, renew_99, b_20)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const types = FUEL_PRICE_TYPES.map((type) => ({
    ...type,
    id: insertType.get(type.name)?.id ?? 0,
  }));
  groupIds.forEach((groupId, k) => {
    let regular: number = GROUPS[k]?.regular ?? 4.79;
    for (let day = 30; day >= 0; day -= 1) {
      regular = round2(regular + random.int(-4, 4) / 100);
      // US pumps price to nine tenths of a cent.
      const at = (n: number) => Math.round(round2(n) * 1000 + 9) / 1000;
      for (const type of types) {
        const base = regular + type.offset;
        insert.run(
          groupId,
          type.id,
          daysBefore(today, day),
          at(base),
          at(base + 0.7),
          at(base + 0.45),
          at(base + 0.4),
          at(base + 0.3),
        );
      }
    }
  });
}

function seedOffers(db: Db, tx: FileTx) {
  const insert = db.prepare<[string, number]>('INSERT INTO offers (slot, file_id) VALUES (?, ?)');
  OFFERS.forEach((offer, i) => {
    const image = tx.write(bannerPng(offer.lines, i + 1, 900, 450), {
      name: `offer-${i + 1}.png`,
      mime: 'image/png',
    });
    insert.run(offer.slot, image.id);
  });
}
