import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { type Logger, silentLogger } from '../logger.js';
import { hashPassword } from './auth.js';
import { createSchema, isNew, openDatabase } from './db.js';
import { buildFileServer } from './file-server.js';
import { createFileStore } from './files.js';
import { type FlavourName, flavourNamed } from './flavour.js';
import { SEED_DELETED_USER, seedDeletedUser } from './seed/deleted-user.js';
import { addRoleAdmins, SEED_ROLE_ADMINS } from './seed/role-admins.js';
import { SEED_ADMIN, SEED_APP_USER, SEED_DEFAULTS, SEED_SECOND_ADMIN, seed } from './seed/index.js';
import { buildApp } from './server.js';

export { FLAVOURS, type FlavourName } from './flavour.js';
export { SEED_ADMIN, SEED_APP_USER, SEED_DELETED_USER, SEED_ROLE_ADMINS, SEED_SECOND_ADMIN };

export interface StartApiOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 = a free port. */
  port: number;
  /** The SQLite file (`api.sqlite`), uploaded files (`files/`) and sent mail (`mail.log`). */
  dataDir: string;
  /** Wipe dataDir first. */
  reset?: boolean;
  /** Only used when the database is new. */
  seed?: { users?: number; groupMembersMax?: number };
  logger?: Logger;
  /** Where the web app runs, for password reset links. Default http://127.0.0.1:5000. */
  appOrigin?: string;
  /** The origin file URLs are built on, when the API is reached through another address. */
  publicOrigin?: string;
  /** The dialect: `reference` (default) or `laravel` (see README.md). */
  flavour?: FlavourName;
}

export interface RunningApi {
  /** e.g. http://127.0.0.1:5050: stored files are served at <origin>/storage/… */
  origin: string;
  /** origin + '/api' */
  url: string;
  /** Where stored files are served (`<fileOrigin>/storage/…`): `origin`, or a second server. */
  fileOrigin: string;
  /** The user id of each admin, by e-mail (the local stack names owners and roles by them). */
  adminIds: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

const seedOptionsSchema = z.object({
  users: z.number().int().min(1).max(1_000_000).default(SEED_DEFAULTS.users),
  groupMembersMax: z.number().int().min(1).max(100_000).default(SEED_DEFAULTS.groupMembersMax),
});

/** Starts the reference upstream API; seeds it when its database is new. */
export async function startApi(options: StartApiOptions): Promise<RunningApi> {
  const host = options.host ?? '127.0.0.1';
  const logger = options.logger ?? silentLogger;
  const flavour = flavourNamed(options.flavour ?? 'reference', 'startApi({ flavour })');
  const dataDir = path.resolve(options.dataDir);
  if (options.reset) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const clock = () => Date.now();
  let origin = options.publicOrigin ?? '';
  let fileOrigin = origin;
  const db = openDatabase(path.join(dataDir, 'api.sqlite'));
  const closers: (() => Promise<void>)[] = [];
  try {
    if (isNew(db)) {
      const seedOptions = seedOptionsSchema.parse(options.seed ?? {});
      const started = Date.now();
      const passwordHashes = {
        admin: await hashPassword(SEED_ADMIN.password),
        user: await hashPassword(SEED_APP_USER.password),
      };
      createSchema(db, () => {
        const files = createFileStore({ db, dataDir, origin: () => fileOrigin, clock });
        seed({ db, files, clock, passwordHashes, options: seedOptions });
        if (flavour.userDeletion === 'soft') seedDeletedUser(db, clock(), passwordHashes.user);
      });
      // Folds the seed's large write-ahead log into the database file, so the first reads are fast.
      db.pragma('wal_checkpoint(TRUNCATE)');
      logger.info(`seeded ${seedOptions.users} app users in ${Date.now() - started} ms`);
    } else {
      const hash = await hashPassword(SEED_ADMIN.password);
      const added = addRoleAdmins(db, hash, new Date(clock()).toISOString());
      if (added > 0) logger.info(`added ${added} role admins the seed now holds`);
    }
    const app = buildApp({
      db,
      dataDir,
      origin: () => fileOrigin,
      appOrigin: options.appOrigin ?? 'http://127.0.0.1:5000',
      clock,
      logger,
      flavour,
    });
    await app.listen({ host, port: options.port });
    closers.push(() => app.close());
    origin = options.publicOrigin ?? `http://${urlHost(host)}:${listeningPort(app.server)}`;
    fileOrigin = origin;
    if (flavour.fileOrigin === 'second') {
      // A storage disk or CDN: the same files on another origin.
      const files = createFileStore({ db, dataDir, origin: () => fileOrigin, clock });
      const fileServer = buildFileServer({ files, flavour, logger });
      await fileServer.listen({ host, port: 0 });
      closers.push(() => fileServer.close());
      fileOrigin = `http://${urlHost(host)}:${listeningPort(fileServer.server)}`;
    }
    const dialect =
      flavour.name === 'reference' ? '' : `, files at ${fileOrigin}, ${flavour.name} flavour`;
    logger.info(`upstream API at ${origin}/api${dialect} (data in ${dataDir})`);
    let closed: Promise<void> | undefined;
    const admins = db
      .prepare<[], { id: number; email: string }>(
        "SELECT id, email FROM users WHERE role = 'admin' AND deleted_at IS NULL",
      )
      .all();
    return {
      origin,
      url: `${origin}/api`,
      fileOrigin,
      adminIds: new Map(admins.map((row) => [row.email, row.id])),
      close: () =>
        (closed ??= closeAll(closers).then(() => {
          db.close();
        })),
    };
  } catch (error) {
    await closeAll(closers);
    db.close();
    throw error;
  }
}

async function closeAll(closers: (() => Promise<void>)[]) {
  for (const close of [...closers].reverse()) await close();
}

const listeningPort = (server: { address(): unknown }) => (server.address() as AddressInfo).port;

/** The host as it is written in a URL a client can open. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
