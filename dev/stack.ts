import fs from 'node:fs';
import path from 'node:path';
import { SEED_ADMIN, startApi } from './api/index.ts';
import { buildIfStale, repoRoot, withBuildLock } from './build.ts';
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
  /** Start from nothing: the data folder is emptied (but for its logs) and seeded again. */
  reset: boolean;
  /** Larger seed for benchmarks, e.g. { users: 100_000 }. */
  seed?: { users?: number; groupMembersMax?: number };
  /** Parameters of the functions beside UPSTREAM_API_URL, e.g. { PUSH_CHUNK_USERS: '500' }. */
  functionParams?: Record<string, string>;
  log: Logger;
}

export interface Stack {
  projectId: string;
  urls: {
    /** The web app, as Hosting serves it, with /api rewritten to the function. */
    app: string;
    /** The reference upstream API, called directly. */
    api: string;
    functions: string;
    auth: string;
  };
  rtdb: { host: string; port: number; namespace: string };
  admin: { email: string; password: string };
  dataDir: string;
  stop(): Promise<void>;
}

const LOG_FILE = 'stack.log';
/** Where the functions run: none names a region, so the default one. */
const FUNCTIONS_REGION = 'us-central1';
const EMULATORS_LOG_FILE = 'firebase.log';

/** Brings up the whole product locally: upstream API, database, Auth, Functions, Hosting. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const { ports, dataDir, reset, seed, log } = options;
  await stopPreviousRun(dataDir, log);
  await assertPortsFree(ports);
  fs.mkdirSync(dataDir, { recursive: true });
  // The folder itself stays, and the logs in it: a caller may have a log file open there.
  if (reset) {
    for (const entry of fs.readdirSync(dataDir)) {
      if (entry !== LOG_FILE && entry !== EMULATORS_LOG_FILE)
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
    const api = await startApi({
      host: local,
      port: ports.api,
      dataDir: path.join(dataDir, 'api'),
      appOrigin: urls.app,
      seed,
      logger: partsLog,
    });
    stops.push(api.close);

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
    }
    log.info(`API and database logs: ${path.join(dataDir, LOG_FILE)}`);
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
        upstreamUrl: api.url,
        officialDatabase,
        params: options.functionParams ?? {},
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
      urls: { ...urls, api: api.url },
      rtdb: { host: local, port: ports.rtdb, namespace: DATABASE_NAMESPACE },
      admin: SEED_ADMIN,
      dataDir,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
