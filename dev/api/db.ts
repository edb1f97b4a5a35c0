import Database from 'better-sqlite3';

export type Db = Database.Database;

/**
 * Bumped when the schema changes. A database of an older version with an upgrade below is
 * brought up to date in place; any other version is refused.
 */
const SCHEMA_VERSION = 2;

/** The statements that take a database from version N to N + 1. */
const UPGRADES: Record<number, string> = {
  // Soft deletion (the Laravel flavour): a deleted user's complaints stay, their `user` null.
  1: 'ALTER TABLE users ADD COLUMN deleted_at TEXT;',
};

const SCHEMA = `
CREATE TABLE files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'user')),
  image_id INTEGER REFERENCES files (id),
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX users_image ON users (image_id);
CREATE TABLE devices (
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token TEXT NOT NULL,
  PRIMARY KEY (user_id, token)
) WITHOUT ROWID;
CREATE TABLE tokens (
  hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX tokens_user ON tokens (user_id);
CREATE INDEX tokens_expiry ON tokens (expires_at);
CREATE TABLE password_resets (
  email TEXT PRIMARY KEY COLLATE NOCASE,
  hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  url TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX reports_user ON reports (user_id);
CREATE TABLE complaints (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  status INTEGER NOT NULL CHECK (status IN (1, 2, 3)),
  admin_response TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX complaints_user ON complaints (user_id);
CREATE TABLE announcements (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  image_id INTEGER REFERENCES files (id),
  created_at TEXT NOT NULL
);
CREATE INDEX announcements_image ON announcements (image_id);
CREATE TABLE chat_groups (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  image_id INTEGER REFERENCES files (id),
  created_at INTEGER NOT NULL
);
CREATE INDEX chat_groups_image ON chat_groups (image_id);
CREATE TABLE group_members (
  group_id INTEGER NOT NULL REFERENCES chat_groups (id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
) WITHOUT ROWID;
CREATE INDEX group_members_user ON group_members (user_id);
CREATE TABLE chat_uploads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  file_id INTEGER NOT NULL REFERENCES files (id),
  user_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX chat_uploads_file ON chat_uploads (file_id);
CREATE INDEX chat_uploads_user ON chat_uploads (user_id);
CREATE TABLE offers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  slot TEXT NOT NULL UNIQUE CHECK (slot IN ('first_image', 'second_image', 'third_image')),
  file_id INTEGER NOT NULL REFERENCES files (id)
);
CREATE INDEX offers_file ON offers (file_id);
CREATE TABLE fuel_price_types (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL UNIQUE
);
CREATE TABLE fuel_prices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  group_id INTEGER NOT NULL REFERENCES chat_groups (id) ON DELETE CASCADE,
  type_id INTEGER NOT NULL REFERENCES fuel_price_types (id) ON DELETE CASCADE,
  date TEXT NOT NULL,
  regular REAL NOT NULL,
  premium REAL NOT NULL,
  diesel REAL NOT NULL,
  renew_99 REAL NOT NULL,
  b_20 REAL NOT NULL,
  UNIQUE (group_id, type_id, date)
);
CREATE INDEX fuel_prices_type ON fuel_prices (type_id);
`;

/** Opens (creating when absent) the API's SQLite database file. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    // WAL + NORMAL survives a process crash; only a power cut could lose the last commits.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    upgrade(db);
    const version = schemaVersion(db);
    if (version !== 0 && version !== SCHEMA_VERSION) {
      throw new Error(
        `${file} has schema version ${version}, this API writes ${SCHEMA_VERSION}: start with --reset`,
      );
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** A database is new until its schema and seed have both been committed. */
export const isNew = (db: Db) => schemaVersion(db) === 0;

/**
 * Lays down the schema and runs `seed` in ONE transaction, so a crash half-way leaves a new
 * database (seeded again at the next start), never a half-seeded one.
 */
export function createSchema(db: Db, seed: () => void) {
  db.transaction(() => {
    db.exec(SCHEMA);
    seed();
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
}

function upgrade(db: Db) {
  db.transaction(() => {
    let version = schemaVersion(db);
    for (let step = UPGRADES[version]; step !== undefined; step = UPGRADES[version]) {
      db.exec(step);
      version += 1;
      db.pragma(`user_version = ${version}`);
    }
  })();
}

function schemaVersion(db: Db): number {
  const version: unknown = db.pragma('user_version', { simple: true });
  if (typeof version !== 'number') throw new Error('SQLite did not report user_version');
  return version;
}
