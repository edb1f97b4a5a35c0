/** The seeded tables beyond the users, one function each; `seed` (index.ts) runs them in order. */
import type { Db } from '../db.js';
import type { FileTx } from '../files.js';
import { DAY_MS, daysBefore } from '../time.js';
import {
  ANNOUNCEMENTS,
  COMPLAINTS,
  FUEL_PRICE_TYPES,
  GROUPS,
  OFFERS,
  REPORT_ITEMS,
  RESPONSES,
} from './content.js';
import { bannerPng } from './images.js';
import type { Random } from './random.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

export function seedGroups(
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
      now - (GROUPS.length - k) * 6 * DAY_MS + k * 3_600_000,
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

export function seedReports(db: Db, random: Random, userIds: number[], now: number) {
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
        new Date(now - random.int(1, 90) * DAY_MS).toISOString(),
      );
    }
  }
}

export function seedComplaints(db: Db, random: Random, userIds: number[], now: number) {
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

export function seedAnnouncements(db: Db, tx: FileTx, now: number) {
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
      new Date(now - (ANNOUNCEMENTS.length - i) * 4 * DAY_MS).toISOString(),
    );
  });
}

/** A month of prices for every group and type, walking a little from day to day. */
export function seedFuelPrices(db: Db, random: Random, groupIds: number[], today: string) {
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

export function seedOffers(db: Db, tx: FileTx) {
  const insert = db.prepare<[string, number]>('INSERT INTO offers (slot, file_id) VALUES (?, ?)');
  OFFERS.forEach((offer, i) => {
    const image = tx.write(bannerPng(offer.lines, i + 1, 900, 450), {
      name: `offer-${i + 1}.png`,
      mime: 'image/png',
    });
    insert.run(offer.slot, image.id);
  });
}
