import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSchema, openDatabase } from '../db.js';
import { createFileStore } from '../files.js';
import { seed } from './index.js';
import { SEED_ROLE_ADMINS } from './role-admins.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-seed-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// The benchmarks' data set; how long it takes is measured by the benchmarks, not asserted here.
describe('the large seed', () => {
  it(
    'creates 100 000 app users and groups of up to 5 000 members, sharing avatar files',
    { timeout: 180_000 },
    () => {
      const db = openDatabase(path.join(dataDir, 'api.sqlite'));
      const clock = () => Date.parse('2030-01-01T12:00:00Z');
      createSchema(db, () => {
        const files = createFileStore({ db, dataDir, origin: () => 'http://127.0.0.1:1', clock });
        seed({
          db,
          files,
          clock,
          passwordHashes: { admin: 'scrypt$x', user: 'scrypt$y' },
          options: { users: 100_000, groupMembersMax: 5_000 },
        });
      });
      const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
      expect(count("SELECT count(*) AS n FROM users WHERE role = 'user'")).toBe(100_000);
      // The app users, the two admins and one admin per role.
      expect(count('SELECT count(DISTINCT email) AS n FROM users')).toBe(
        100_002 + SEED_ROLE_ADMINS.length,
      );
      const sizes = db
        .prepare('SELECT count(*) AS n FROM group_members GROUP BY group_id ORDER BY n DESC')
        .all()
        .map((row) => (row as { n: number }).n);
      expect(sizes).toEqual([5000, 4000, 3000, 2250, 1500]);
      // One picture per pair of initials, however many users share it.
      expect(count('SELECT count(*) AS n FROM files')).toBeLessThan(700);
      expect(
        count('SELECT max(c) AS n FROM (SELECT count(*) AS c FROM devices GROUP BY user_id)'),
      ).toBe(3);
      db.close();
    },
  );
});
