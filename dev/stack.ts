import fs from 'node:fs';
import path from 'node:path';
import {
  capabilitiesFrom,
  DEFAULT_CAPABILITY_PARAMS,
  type CapabilityParams,
} from '../functions/src/contracts/upstream/capabilities.js';
import { parseUpstreamUrl } from '../functions/src/upstream-url.js';
import { parseFileBases } from '../functions/src/contracts/upstream/file-bases.js';
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

/** An option the stack cannot start with, said in one line; nothing has been started. */
export class StackOptionError extends Error {}

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
  try {
    parseUpstreamUrl(options.upstream);
  } catch (error) {
    throw new StackOptionError(`Cannot proxy to ${options.upstream}: ${messageOf(error)}`);
  }
  checkFunctionParams(options.functionParams ?? {});
  return launch(options, options.upstream);
}

/** The functions' parameter `npm start` takes from its environment in either mode. */
const SESSION_PARAM = 'ADMIN_SESSION_SECONDS';

/**
 * The functions' parameters `npm start` takes from its environment: the admin session lifetime
 * (ADMIN_SESSION_SECONDS), and before an upstream every UPSTREAM_* variable (its capabilities,
 * its timeout) but the URL, which is the option.
 */
export function functionParamsFrom(
  env: NodeJS.ProcessEnv,
  { upstream }: { upstream: boolean },
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const ofUpstream = upstream && name.startsWith('UPSTREAM_') && name !== 'UPSTREAM_API_URL';
    if (value !== undefined && (name === SESSION_PARAM || ofUpstream)) params[name] = value;
  }
  return params;
}

/**
 * Refuses, before anything starts, a parameter value the functions would misread or refuse
 * only once loaded: a line break (the values go into a .env file), a flag that is not exactly
 * true or false (anything else reads as false), a capability path or name capabilitiesFrom
 * refuses, a file base that is no http(s) URL, a timeout or session lifetime that is not a whole
 * number of seconds.
 */
export function checkFunctionParams(params: Record<string, string>): void {
  if ('UPSTREAM_API_URL' in params)
    throw new StackOptionError(
      'UPSTREAM_API_URL is the upstream the stack is given, not a parameter',
    );
  for (const [name, value] of Object.entries(params)) {
    if (/[\r\n]/.test(value)) throw new StackOptionError(`${name} must be one line`);
  }
  for (const name of ['UPSTREAM_TIMEOUT_SECONDS', SESSION_PARAM]) {
    const seconds = params[name];
    if (seconds !== undefined && !/^[1-9]\d*$/.test(seconds)) {
      throw new StackOptionError(
        `${name} must be a whole number of seconds: got ${JSON.stringify(seconds)}`,
      );
    }
  }
  const capabilities = capabilityParams(params);
  try {
    capabilitiesFrom(capabilities);
    // The API's own address does not change how the file bases are read.
    parseFileBases(params.UPSTREAM_FILE_ORIGINS ?? '', new URL('https://api.invalid/api'));
  } catch (error) {
    throw new StackOptionError(messageOf(error));
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The capability parameters as the functions read them; an unset one takes its default. */
function capabilityParams(params: Record<string, string>): CapabilityParams {
  const text = (name: 'UPSTREAM_CURRENT_USER_PATH' | 'UPSTREAM_PRICE_DAY_PARAM') =>
    params[name] ?? DEFAULT_CAPABILITY_PARAMS[name];
  const flag = (
    name:
      | 'UPSTREAM_CURRENT_USER_ENVELOPE'
      | 'UPSTREAM_REGISTRATION'
      | 'UPSTREAM_PASSWORD_REQUEST'
      | 'UPSTREAM_EMPTY_GROUP',
  ) => {
    const value = params[name];
    if (value === undefined) return DEFAULT_CAPABILITY_PARAMS[name];
    if (value !== 'true' && value !== 'false')
      throw new StackOptionError(`${name} must be true or false: got ${JSON.stringify(value)}`);
    return value === 'true';
  };
  return {
    UPSTREAM_CURRENT_USER_PATH: text('UPSTREAM_CURRENT_USER_PATH'),
    UPSTREAM_CURRENT_USER_ENVELOPE: flag('UPSTREAM_CURRENT_USER_ENVELOPE'),
    UPSTREAM_REGISTRATION: flag('UPSTREAM_REGISTRATION'),
    UPSTREAM_PASSWORD_REQUEST: flag('UPSTREAM_PASSWORD_REQUEST'),
    UPSTREAM_PRICE_DAY_PARAM: text('UPSTREAM_PRICE_DAY_PARAM'),
    UPSTREAM_EMPTY_GROUP: flag('UPSTREAM_EMPTY_GROUP'),
  };
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
