import type { Db } from '../db.js';
import { DAY_MS } from '../time.js';

/** The former member the Laravel flavour's seed keeps: soft-deleted, one complaint left behind. */
export const SEED_DELETED_USER = {
  name: 'Jordan Ellis',
  email: 'jordan.ellis.deleted@example.com',
  complaint: 'Price alert never arrived',
} as const;

/**
 * Adds a soft-deleted app user with a complaint of theirs, so the complaints list shows one
 * with `user: null` from the start (Eloquent's SoftDeletes). Runs after `seed`, in its
 * transaction: every id `seed` gives stays what it was.
 */
export function seedDeletedUser(db: Db, now: number, passwordHash: string) {
  const user = db
    .prepare<[string, string, string, string, string, string], { id: number }>(
      `INSERT INTO users (name, email, username, password_hash, role, created_at, deleted_at)
       VALUES (?, ?, ?, ?, 'user', ?, ?) RETURNING id`,
    )
    .get(
      SEED_DELETED_USER.name,
      SEED_DELETED_USER.email,
      'jordan.ellis.deleted',
      passwordHash,
      new Date(now - 300 * DAY_MS).toISOString(),
      new Date(now - 2 * DAY_MS).toISOString(),
    );
  if (user === undefined) throw new Error('the deleted user was not created');
  db.prepare<[number, string, string, string]>(
    `INSERT INTO complaints (user_id, title, description, status, admin_response, created_at)
     VALUES (?, ?, ?, 1, NULL, ?)`,
  ).run(
    user.id,
    SEED_DELETED_USER.complaint,
    'I set a price alert for diesel under $4.50 and never got a notification.',
    new Date(now - 3 * DAY_MS - 5 * 3_600_000).toISOString(),
  );
}
