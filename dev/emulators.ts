import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './build.ts';
import type { Logger } from './logger.ts';
import type { StackPorts } from './ports.ts';
import { EMULATORS_TMP_PREFIX } from './run-file.ts';

// The stack writes the run's firebase.json, then starts the emulators: both are had from here.
export { writeRunConfig } from './run-config.ts';

export const PROJECT_ID = 'demo-fuel-community';
/** The namespace of the project's default database, as the SDKs derive it from its URL. */
export const DATABASE_NAMESPACE = PROJECT_ID;

/**
 * The official Database emulator is a jar that firebase-tools downloads on first start and that
 * needs Java 21. Use it only when both are already on this machine.
 */
export function officialDatabaseEmulatorAvailable(): boolean {
  return officialDatabaseEmulatorMissing() === undefined;
}

/**
 * Why the official Database emulator cannot run here, in a few words ('its jar is not cached
 * in ~/.cache/firebase/emulators; Java 17 < 21'), or undefined when it can.
 */
export function officialDatabaseEmulatorMissing(): string | undefined {
  const cache = path.join(os.homedir(), '.cache', 'firebase', 'emulators');
  const hasJar =
    fs.existsSync(cache) &&
    fs.readdirSync(cache).some((f) => /^firebase-database-emulator-.*\.jar$/.test(f));
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const major = /version "(\d+)/.exec(`${java.stderr}${java.stdout}`)?.[1];
  const reasons = [
    ...(hasJar ? [] : [`its jar is not cached in ${cache}`]),
    ...(major === undefined ? ['no Java found (it needs 21)'] : []),
    ...(major !== undefined && Number(major) < 21 ? [`Java ${major} < 21`] : []),
  ];
  return reasons.length === 0 ? undefined : reasons.join('; ');
}

export interface EmulatorsOptions {
  runDir: string;
  ports: StackPorts;
  officialDatabase: boolean;
  /** Where the Auth (and official Database) emulators keep their data between runs. */
  exportDir: string;
  logFile: string;
  log: Logger;
  /**
   * Records the started process group and temporary folder where a later start finds them if
   * this run is killed; returns what forgets them again on a clean stop.
   */
  record: (spawned: { pid: number; argv: readonly string[] }, tmpDir: string) => () => void;
}

export interface Emulators {
  stop(): Promise<void>;
}

/**
 * Function invocations (requests and trigger events) the Functions emulator runs at once, each
 * in a worker process of its own (100-150 MB); the rest wait in its queue.
 */
export const FUNCTIONS_PARALLEL = 4;

/**
 * The Functions emulator's workers among `procs`, told by the runtime firebase-tools starts
 * each of them with; other children of the stack (short-lived helpers) are not workers.
 */
export function functionsWorkers<P extends { cmdline: string }>(procs: readonly P[]): P[] {
  return procs.filter((p) => /[/\\]functionsEmulatorRuntime(\.js)?(\s|$)/.test(p.cmdline));
}

/**
 * The most workers any one function has among `procs` (by the FUNCTION_TARGET the emulator
 * gives each worker in its environment): each function keeps a pool of its own, and at most
 * FUNCTIONS_PARALLEL invocations run at once.
 */
export function mostWorkersOfOneFunction(
  procs: readonly { cmdline: string; target: string | undefined }[],
): number {
  const counts = new Map<string | undefined, number>();
  for (const worker of functionsWorkers(procs)) {
    counts.set(worker.target, (counts.get(worker.target) ?? 0) + 1);
  }
  return Math.max(0, ...counts.values());
}

const READY = /All emulators ready/;
const FATAL = /Error:|Could not start|port taken|already in use/i;

/**
 * Starts the Auth, Functions, Hosting and Tasks emulators (and the official Database one if it
 * can run).
 */
export async function startEmulators(options: EmulatorsOptions): Promise<Emulators> {
  const { runDir, ports, officialDatabase, exportDir, logFile, log, record } = options;
  // The Tasks emulator (pure JavaScript, nothing to download) runs the alert chunks' queue.
  const only = ['auth', 'functions', 'hosting', 'tasks', ...(officialDatabase ? ['database'] : [])];
  const args = [
    path.join(repoRoot, 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js'),
    'emulators:start',
    '--only',
    only.join(','),
    '--project',
    PROJECT_ID,
    '--config',
    'firebase.json',
    '--export-on-exit',
    exportDir,
  ];
  if (fs.existsSync(path.join(exportDir, 'firebase-export-metadata.json')))
    args.push('--import', exportDir);

  // firebase-tools finds a project's running hub through a file in the temp folder named after
  // the project; two stacks of one project (npm start beside the e2e tests' stack) would then
  // export each other's Auth data on exit. A temp folder of its own keeps each to its own.
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), EMULATORS_TMP_PREFIX));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TMPDIR: tmpDir,
    // The functions reach our offline engine through this; the official emulator sets its own.
    ...(officialDatabase ? {} : { FIREBASE_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.rtdb}` }),
    FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
    CI: 'true',
    // The Functions emulator runs this many invocations at once and queues the rest in arrival
    // order; unbounded (its default is 50), a burst on a cold stack starts one worker process
    // per request, each loading the functions, and Hosting gives up on them with a 504.
    FUNCTIONS_EMULATOR_PARALLEL: String(FUNCTIONS_PARALLEL),
  };
  const out = fs.createWriteStream(logFile, { flags: 'a' });
  const child = spawn(process.execPath, args, {
    cwd: runDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const forget =
    child.pid === undefined
      ? () => {}
      : record({ pid: child.pid, argv: [process.execPath, ...args] }, tmpDir);
  const cleanUp = () => {
    fs.rmSync(tmpDir, { recursive: true, force: true });
    forget();
  };
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });

  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => fail(new Error(`the Firebase emulators did not start in 180 s; see ${logFile}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (READY.test(seen)) done();
    };
    const onExit = (code: number | null) => {
      const reason = seen
        .split('\n')
        .find((l) => FATAL.test(l))
        ?.trim();
      fail(
        new Error(
          `the Firebase emulators exited (${code})${reason ? `: ${reason}` : ''}; see ${logFile}`,
        ),
      );
    };
    function cleanup() {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
    }
    function done() {
      cleanup();
      resolve();
    }
    function fail(error: Error) {
      cleanup();
      reject(error);
    }
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  }).catch(async (error: unknown) => {
    await stopChild(child);
    cleanUp();
    throw error;
  });
  log.info(`emulators ready (logs: ${path.relative(process.cwd(), logFile)})`);

  return {
    stop: async () => {
      await stopChild(child);
      out.end();
      cleanUp();
    },
  };
}

/** SIGINT lets firebase-tools export on exit and stop its children; SIGKILL if it hangs. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 20_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    try {
      if (child.pid) process.kill(-child.pid, 'SIGINT');
    } catch {
      clearTimeout(kill);
      resolve();
    }
  });
}
