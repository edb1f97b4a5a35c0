import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db.js';
import { SEED_ADMIN, startApi } from '../index.js';
import { SEED_ROLE_ADMINS } from './role-admins.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-role-admins-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const SMALL = { users: 3, groupMembersMax: 2 };

describe('the role admins of the seed', () => {
  it(
    'are added to a database seeded before they were, and sign in',
    { timeout: 60_000 },
    async () => {
      const first = await startApi({ dataDir, port: 0, seed: SMALL });
      const emails = SEED_ROLE_ADMINS.map((admin) => admin.email);
      for (const email of emails) expect(first.adminIds.has(email), email).toBe(true);
      await first.close();

      // The folder as a stack from before the role admins left it.
      const db = openDatabase(path.join(dataDir, 'api.sqlite'));
      db.prepare(`DELETE FROM users WHERE email IN (${emails.map(() => '?').join(', ')})`).run(
        ...emails,
      );
      db.close();

      const again = await startApi({ dataDir, port: 0, seed: SMALL });
      try {
        for (const email of emails) expect(again.adminIds.has(email), email).toBe(true);
        const login = await fetch(`${again.url}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: emails[0], password: SEED_ADMIN.password, device_id: '' }),
        });
        expect(login.status).toBe(200);
      } finally {
        await again.close();
      }

      // Started once more, nothing is added twice.
      await (await startApi({ dataDir, port: 0, seed: SMALL })).close();
      const after = openDatabase(path.join(dataDir, 'api.sqlite'));
      const held = after
        .prepare(
          `SELECT count(*) AS n FROM users WHERE email IN (${emails.map(() => '?').join(', ')})`,
        )
        .get(...emails) as { n: number };
      after.close();
      expect(held.n).toBe(emails.length);
    },
  );
});
