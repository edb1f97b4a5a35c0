import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from './logger.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');

interface Target {
  name: string;
  workspace: string;
  inputs: string[];
  output: string;
}

/** What the local stack serves is built from these; a target is rebuilt when an input is newer. */
const targets: Target[] = [
  {
    name: 'functions',
    workspace: 'functions',
    inputs: [
      'functions/src',
      'functions/package.json',
      'functions/tsconfig.json',
      'functions/tsconfig.build.json',
    ],
    output: 'functions/lib',
  },
  {
    name: 'web app',
    workspace: 'web',
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/package.json',
      'web/vite.config.ts',
      'functions/src/contracts',
    ],
    output: 'web/dist',
  },
];

const STAMP = '.build-stamp';
/**
 * Builds are for production whoever starts them: Vite keeps an inherited NODE_ENV, and vitest
 * (the e2e setup) sets it to `test`, which gave React's development build, several times larger
 * and slower. The stamp names it, so an output built otherwise is built again.
 */
const BUILD_ENV = 'production';

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function isStale(target: Target): boolean {
  const stamp = path.join(repoRoot, target.output, STAMP);
  if (!fs.existsSync(stamp) || fs.readFileSync(stamp, 'utf8') !== BUILD_ENV) return true;
  const built = fs.statSync(stamp).mtimeMs;
  return target.inputs.some((input) => newestMtime(path.join(repoRoot, input)) > built);
}

function run(command: string, args: string[], log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      env: { ...process.env, NODE_ENV: BUILD_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      log.error(output.trim());
      reject(new Error(`${command} ${args.join(' ')} failed with exit code ${code}`));
    });
  });
}

/** Builds the functions and the web app when their sources changed since the last build. */
export async function buildIfStale(log: Logger, force = false): Promise<void> {
  for (const target of targets) {
    if (!force && !isStale(target)) continue;
    log.info(`building the ${target.name}…`);
    await run('npm', ['run', 'build', '-w', target.workspace], log);
    fs.writeFileSync(path.join(repoRoot, target.output, STAMP), BUILD_ENV);
  }
}

const LOCK = path.join(repoRoot, 'node_modules', '.cache', 'fuel-build.lock');

function lockHolderAlive(): boolean {
  const pidFile = path.join(LOCK, 'pid');
  // Between the mkdir and the pid write the lock has no pid yet: young means held.
  if (!fs.existsSync(pidFile))
    return fs.existsSync(LOCK) && Date.now() - fs.statSync(LOCK).mtimeMs < 10_000;
  try {
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` while no other stack on this machine builds or copies web/dist and
 * functions/lib (a developer's npm start and a test run share the working tree). The lock is a
 * directory, created atomically, holding the owner's pid so a crashed owner does not block.
 */
export async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch {
      if (!lockHolderAlive()) fs.rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
  try {
    return await work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}
