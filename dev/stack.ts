import fs from 'node:fs';
import path from 'node:path';
import { SEED_ADMIN, startApi } from './api/index.ts';
import { buildIfStale, repoRoot, withBuildLock } from './build.ts';
import { settleHeldClaims } from './claims.ts';
import { seedRoles, writeSeedRoles, type SeedRoles } from './roles-seed.ts';
import {
  DATABASE_NAMESPACE,
  officialDatabaseEmulatorAvailable,
  PROJECT_ID,
  startEmulators,
  writeRunConfig,
} from './emulators.ts';
import { streamLogger, teeLogger, type Logger } from './logger.ts';
import { assertPortsFree, type StackPorts } from './ports.ts';
import { startRtdb, type RunningRtdb } from './rtdb/index.ts';
import { recordRun, stopPreviousRun } from './run-file.ts';
import { startScheduleTicker, tickPeriod } from './schedule-ticker.ts';
import { checkFunctionParams, checkUpstreamUrl } from './stack-options.ts';

// `npm start` and the tests check and read the options where they start the stack.
export { checkFunctionParams, functionParamsFrom, StackOptionError } from './stack-options.ts';

export interface StackOptions {
  ports: StackPorts;
  /** Everything the stack keeps between runs: the API's database and files, RTDB, Auth. */
  dataDir: string;
  /**
   * Start from nothing: the data folder is emptied (but for its logs and an `upstream/` folder
   * in it) and seeded again.
   */
  reset: boolean;
  /** Larger seed for benchmarks, e.g. { users: 100_000 }. */
  seed?: { users?: number; groupMembersMax?: number };
  /** Parameters of the functions beside UPSTREAM_API_URL, e.g. { PUSH_CHUNK_USERS: '500' }. */
  functionParams?: Record<string, string>;
  /**
   * The back-office's roles in use (dev/roles-seed.ts): the seed's first two admins own it, and
   * one seeded admin holds each role. Off, every admin may do everything.
   */
  roles?: boolean;
  log: Logger;
}

/** A stack in front of an upstream API of one's own: nothing is seeded there. */
export interface UpstreamStackOptions extends Omit<StackOptions, 'seed' | 'roles'> {
  /** The upstream's base URL, e.g. https://api.example.com/api: https, or http to loopback. */
  upstream: string;
}

/** A stack before an upstream API: the product runs locally, the accounts are the upstream's. */
export interface UpstreamStack {
  projectId: string;
  urls: {
    /** The web app, as Hosting serves it, with /api rewritten to the function. */
    app: string;
    /** The upstream API, called directly. */
    api: string;
    functions: string;
    auth: string;
  };
  rtdb: { host: string; port: number; namespace: string };
  dataDir: string;
  stop(): Promise<void>;
}

/** The stack on the seeded reference API (dev/api), whose admin it knows. */
export interface Stack extends UpstreamStack {
  admin: { email: string; password: string };
}

const LOG_FILE = 'stack.log';
/** Where the functions run: none names a region, so the default one. */
const FUNCTIONS_REGION = 'us-central1';
const EMULATORS_LOG_FILE = 'firebase.log';
/**
 * The default data folder of `npm start -- --upstream` lies inside the local stack's
 * (.dev-data/upstream), so the local stack's --reset keeps it.
 */
export const UPSTREAM_DATA_FOLDER = 'upstream';
const KEPT_ON_RESET = [LOG_FILE, EMULATORS_LOG_FILE, UPSTREAM_DATA_FOLDER];

/** Brings up the whole product locally: the seeded reference API, database, Auth, Functions, Hosting. */
export async function startStack(options: StackOptions): Promise<Stack> {
  checkFunctionParams(options.functionParams ?? {});
  return { ...(await launch(options, undefined)), admin: SEED_ADMIN };
}

/** The product locally (database, Auth, Functions, Hosting) in front of the given upstream API. */
export async function startUpstreamStack(options: UpstreamStackOptions): Promise<UpstreamStack> {
  checkUpstreamUrl(options.upstream);
  checkFunctionParams(options.functionParams ?? {});
  return launch(options, options.upstream);
}

/** The stack before `upstreamUrl`, or, when it is undefined, before the reference API it starts. */
async function launch(
  options: StackOptions,
  upstreamUrl: string | undefined,
): Promise<UpstreamStack> {
  const { ports, dataDir, reset, seed, log } = options;
  await stopPreviousRun(dataDir, log);
  await assertPortsFree(ports);
  fs.mkdirSync(dataDir, { recursive: true });
  // The folder itself stays, and the logs in it: a caller may have a log file open there.
  if (reset) {
    for (const entry of fs.readdirSync(dataDir)) {
      if (!KEPT_ON_RESET.includes(entry))
        fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    }
  }

  const local = '127.0.0.1';
  const urls = {
    app: `http://${local}:${ports.app}`,
    functions: `http://${local}:${ports.functions}`,
    auth: `http://${local}:${ports.auth}`,
  };
  // Request logs and engine chatter go to a file; the terminal keeps what needs attention.
  const logFile = fs.createWriteStream(path.join(dataDir, LOG_FILE), { flags: 'a' });
  const partsLog = teeLogger(streamLogger('stack', logFile), log);
  const stops: (() => Promise<void>)[] = [async () => void logFile.end()];
  const stopAll = async () => {
    for (const stop of stops.reverse()) {
      try {
        await stop();
      } catch (error) {
        log.error(`while stopping: ${String(error)}`);
      }
    }
  };

  try {
    let apiUrl = upstreamUrl;
    let roles: SeedRoles | undefined;
    if (apiUrl === undefined) {
      const api = await startApi({
        host: local,
        port: ports.api,
        dataDir: path.join(dataDir, 'api'),
        appOrigin: urls.app,
        seed,
        logger: partsLog,
      });
      stops.push(api.close);
      apiUrl = api.url;
      if (options.roles) roles = seedRoles(api.adminIds, Date.now());
    }

    const officialDatabase = officialDatabaseEmulatorAvailable();
    let rtdb: RunningRtdb | undefined;
    if (!officialDatabase) {
      rtdb = await startRtdb({
        host: local,
        port: ports.rtdb,
        rulesFile: path.join(repoRoot, 'database.rules.json'),
        dataFile: path.join(dataDir, 'rtdb.json'),
        triggers: {
          functionsUrl: urls.functions,
          projectId: PROJECT_ID,
          namespace: DATABASE_NAMESPACE,
          waitForLoad: true,
        },
        logger: partsLog,
      });
      stops.push(rtdb.close);
      const settled = await settleHeldClaims(`http://${local}:${rtdb.port}`, DATABASE_NAMESPACE);
      if (settled > 0) partsLog.info(`claims the last run's functions held, settled: ${settled}`);
    }
    log.info(
      `${upstreamUrl === undefined ? 'API and database' : 'database'} logs: ${path.join(dataDir, LOG_FILE)}`,
    );
    log.info(
      officialDatabase
        ? 'database: the official emulator'
        : 'database: the offline engine (dev/rtdb)',
    );

    const runDir = path.join(dataDir, 'firebase');
    fs.mkdirSync(runDir, { recursive: true });
    await withBuildLock(async () => {
      await buildIfStale(log);
      writeRunConfig({
        runDir,
        ports,
        upstreamUrl: apiUrl,
        officialDatabase,
        params: {
          ...(roles ? { OWNER_IDS: roles.ownerIds } : {}),
          ...options.functionParams,
        },
      });
    });
    const emulators = await startEmulators({
      runDir,
      ports,
      officialDatabase,
      exportDir: path.join(dataDir, 'emulators'),
      logFile: path.join(dataDir, EMULATORS_LOG_FILE),
      log,
      record: (spawned, tmpDir) => recordRun(dataDir, spawned, tmpDir),
    });
    stops.push(emulators.stop);
    if (roles) {
      const database = `http://${local}:${ports.rtdb}`;
      const wrote = await writeSeedRoles(database, DATABASE_NAMESPACE, roles.records);
      if (wrote > 0) partsLog.info(`roles in use: ${wrote} seeded admins given their role`);
    }
    // Stops run in reverse: the database stops taking writes and delivers its trigger events
    // before the Functions emulator goes.
    if (rtdb !== undefined) stops.push(rtdb.stopWrites);
    rtdb?.functionsLoaded();
    // No Pub/Sub emulator here: the stack runs the scheduled functions itself (dev/README.md).
    const stopTicker = startScheduleTicker({
      functionsUrl: urls.functions,
      projectId: PROJECT_ID,
      region: FUNCTIONS_REGION,
      everyMs: tickPeriod(process.env),
      log: partsLog,
    });
    stops.push(async () => stopTicker());

    return {
      projectId: PROJECT_ID,
      urls: { ...urls, api: apiUrl },
      rtdb: { host: local, port: ports.rtdb, namespace: DATABASE_NAMESPACE },
      dataDir,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
