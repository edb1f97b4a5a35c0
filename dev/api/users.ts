import type { SessionUser, User } from '../../functions/src/contracts/upstream/upstream.js';
import type { Db } from './db.js';
import type { FileStore } from './files.js';

/** A user row with its image and device tokens, as every user-returning call reads it. */
export interface UserRow {
  id: number;
  name: string;
  email: string;
  username: string;
  role: 'admin' | 'user';
  created_at: string;
  image_id: number | null;
  image_name: string | null;
  /** JSON list of device tokens. */
  device_ids: string;
}

const COLUMNS = `u.id, u.name, u.email, u.username, u.role, u.created_at,
  f.id AS image_id, f.name AS image_name,
  (SELECT json_group_array(d.token) FROM devices d WHERE d.user_id = u.id) AS device_ids`;
const FROM = 'users u LEFT JOIN files f ON f.id = u.image_id';
// A soft-deleted user (the Laravel flavour) is gone for every read, as Eloquent's SoftDeletes has it.
const MEMBER_JOIN =
  'JOIN users u ON u.id = m.user_id AND u.deleted_at IS NULL LEFT JOIN files f ON f.id = u.image_id';

/** How users are read and shown (times as `time` writes them): the list, one user, members. */
export function createUserViews(db: Db, files: FileStore, time: (iso: string) => string) {
  const appUsers = db.prepare<[], UserRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE u.role = 'user' AND u.deleted_at IS NULL ORDER BY u.id DESC`,
  );
  const byId = db.prepare<[number], UserRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE u.id = ? AND u.deleted_at IS NULL`,
  );
  const members = db.prepare<[number], UserRow>(
    `SELECT ${COLUMNS} FROM group_members m ${MEMBER_JOIN} WHERE m.group_id = ? ORDER BY u.name, u.id`,
  );
  const allMembers = db.prepare<[], UserRow & { group_id: number }>(
    `SELECT m.group_id, ${COLUMNS} FROM group_members m ${MEMBER_JOIN} ORDER BY m.group_id, u.name, u.id`,
  );

  const toUser = (row: UserRow): User & { username: string } => ({
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    image: files.ref(row.image_id, row.image_name),
    device_ids: tokenList(row.device_ids),
    created_at: time(row.created_at),
  });

  return {
    toUser,
    toSessionUser: (row: UserRow): SessionUser => ({
      ...toUser(row),
      email: row.email,
      role: [row.role],
    }),
    /** Newest first. */
    appUsers: () => appUsers.all().map(toUser),
    row: (id: number) => byId.get(id),
    /** The app user (not an admin) with this id. */
    appUser: (id: number) => {
      const row = byId.get(id);
      return row?.role === 'user' ? row : undefined;
    },
    members: (groupId: number) => members.all(groupId).map(toUser),
    /** Every group's members in one read, for the groups list. */
    membersByGroup(): Map<number, User[]> {
      const byGroup = new Map<number, User[]>();
      for (const row of allMembers.iterate()) {
        const list = byGroup.get(row.group_id) ?? [];
        list.push(toUser(row));
        byGroup.set(row.group_id, list);
      }
      return byGroup;
    },
  };
}
export type UserViews = ReturnType<typeof createUserViews>;

/** The device tokens of a `json_group_array` column. */
export function tokenList(json: string): string[] {
  const list: unknown = JSON.parse(json);
  return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
}
