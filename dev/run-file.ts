import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from './logger.ts';

/**
 * What a run leaves behind if the process that started it dies without stopping it (kill -9):
 * the emulators run in a process group of their own and keep their five ports, and their
 * temporary folder stays. The run lists both in its data folder, with the process that owns
 * them, so the next start on that folder can stop and remove them once that owner is gone. The
 * file is removed on a clean stop.
 */
export const RUN_FILE = 'run.json';

/** A start time in clock ticks since boot, as /proc/<pid>/stat writes it (field 22). */
const startTimeSchema = z.string().regex(/^\d+$/);

/** A process group the run started, told apart from a later process that reuses its id. */
const groupSchema = z.object({
  pgid: z.number().int().positive(),
  /** Its leader's start time. */
  startTime: startTimeSchema,
  cmdline: z.string(),
});
export type RunGroup = z.infer<typeof groupSchema>;

const ownerSchema = z.object({ pid: z.number().int().positive(), startTime: startTimeSchema });

const runFileSchema = z.object({
  /** The process that started the stack: while it lives, the run is not left over. */
  owner: ownerSchema.optional(),
  groups: z.array(groupSchema),
  tmpDirs: z.array(z.string()),
});
export type RunFile = z.infer<typeof runFileSchema>;

const EMPTY: RunFile = { groups: [], tmpDirs: [] };

/** The run file's content; an unreadable or foreign file lists nothing (nothing is stopped). */
export function parseRunFile(text: string): RunFile {
  try {
    return runFileSchema.parse(JSON.parse(text));
  } catch {
    return EMPTY;
  }
}

/** A live process as /proc shows it. */
export interface ProcessInfo {
  pid: number;
  pgid: number;
  startTime: string;
  cmdline: string;
}

/**
 * The processes of a recorded group that are still the run's. While its leader lives, the
 * group is ours only if the leader is the very process we started (same start time and
 * command line: a pid can be reused). Once the leader is gone, members left in the group are
 * ours if they started after it: a group id stays taken while any member lives, so no other
 * group can have taken it meanwhile.
 */
export function ownedProcesses(group: RunGroup, live: readonly ProcessInfo[]): ProcessInfo[] {
  const members = live.filter((p) => p.pgid === group.pgid);
  const leader = live.find((p) => p.pid === group.pgid);
  if (leader !== undefined) {
    const same = leader.startTime === group.startTime && leader.cmdline === group.cmdline;
    return same && leader.pgid === group.pgid ? members : [];
  }
  return members.filter((p) => BigInt(p.startTime) >= BigInt(group.startTime));
}

/** Whether the recorded owner of a run is still running (the same process, not a reused pid). */
export function ownerAlive(file: RunFile, live: readonly ProcessInfo[]): boolean {
  const { owner } = file;
  return (
    owner !== undefined && live.some((p) => p.pid === owner.pid && p.startTime === owner.startTime)
  );
}

/** Temporary folders the run may remove: only its own kind, under the system's temp folder. */
export function removableTmpDirs(file: RunFile, tmpRoot: string, prefix: string): string[] {
  return file.tmpDirs.filter((dir) => {
    const relative = path.relative(tmpRoot, dir);
    return !relative.includes(path.sep) && relative.startsWith(prefix) && relative !== prefix;
  });
}

/** One process from /proc, or undefined when it is gone (or a zombie, which holds no port). */
export function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] === 'Z') return undefined;
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    const startTime = fields[19] ?? '';
    if (!/^\d+$/.test(startTime)) return undefined;
    return { pid, pgid: Number(fields[2]), startTime, cmdline };
  } catch {
    return undefined;
  }
}

/** Every live process of this machine (Linux /proc; none where there is no /proc). */
export function liveProcesses(): ProcessInfo[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => readProcess(Number(entry)) ?? []);
}

export interface RunFileDeps {
  processes: () => ProcessInfo[];
  /** Whether /proc still lists the pid, a zombie included. */
  exists: (pid: number) => boolean;
  kill: (pid: number, signal: NodeJS.Signals) => void;
  sleep: (ms: number) => Promise<void>;
  tmpRoot: string;
  log: Logger;
}

const defaultDeps = (log: Logger): RunFileDeps => ({
  processes: liveProcesses,
  exists: (pid) => fs.existsSync(`/proc/${pid}`),
  kill: (pid, signal) => process.kill(pid, signal),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  tmpRoot: os.tmpdir(),
  log,
});

/** The prefix of the emulators' temporary folder (firebase-tools' TMPDIR for a run). */
export const EMULATORS_TMP_PREFIX = 'fuel-emulators-';

/**
 * How long a left-over firebase-tools whose owner is unknown gets to export the Auth data and
 * exit after SIGINT.
 */
const GRACE_MS = 15_000;

/**
 * Stops what a previous run on `dataDir` left running and removes its temporary folders, once
 * the process that owned them is gone (a run still going is left alone: the port check then
 * says which port it holds). When that owner is known to be gone, its emulators get SIGKILL at
 * once: firebase-tools writes its output into pipes to the dead owner, so after SIGINT it dies
 * of EPIPE at its first line without exporting anything, and the functions' workers ignore a
 * first SIGINT (they wait for firebase-tools to stop them), so a grace period only delays the
 * next start. A run with no recorded owner gets SIGINT first, so firebase-tools may still export
 * the Auth accounts; SIGKILL if it is not gone within the grace period.
 */
export async function stopPreviousRun(
  dataDir: string,
  log: Logger,
  deps: RunFileDeps = defaultDeps(log),
): Promise<void> {
  const file = path.join(dataDir, RUN_FILE);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return;
  }
  const run = parseRunFile(text);
  if (ownerAlive(run, deps.processes())) return;
  const owned = () => run.groups.flatMap((group) => ownedProcesses(group, deps.processes()));
  const signal = (name: NodeJS.Signals) =>
    owned().map((p) => {
      try {
        deps.kill(p.pid, name);
      } catch {
        // gone meanwhile
      }
      return p.pid;
    });
  if (owned().length > 0) {
    deps.log.warn('a previous run on this data folder is still running (killed?): stopping it');
    if (run.owner === undefined) {
      signal('SIGINT');
      for (let waited = 0; waited < GRACE_MS && owned().length > 0; waited += 250)
        await deps.sleep(250);
    }
    const killed = signal('SIGKILL');
    // A killed process holds its ports until its last thread has exited, which /proc shows as a
    // zombie meanwhile: wait until the killed ones are reaped.
    for (let waited = 0; waited < 5_000 && killed.some(deps.exists); waited += 100)
      await deps.sleep(100);
  }
  for (const dir of removableTmpDirs(run, deps.tmpRoot, EMULATORS_TMP_PREFIX))
    fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(file, { force: true });
}

/**
 * Adds a started process group (its leader's pid and the argv it was spawned with) and its
 * temporary folder to the run file, at once (a kill -9 can come during start-up). The command
 * line is the spawned one, not /proc's: until the child has called exec, /proc still shows
 * the parent's. Returns what removes them again, for a clean stop.
 */
export function recordRun(
  dataDir: string,
  spawned: { pid: number; argv: readonly string[] },
  tmpDir: string,
): () => void {
  const { pid } = spawned;
  const file = path.join(dataDir, RUN_FILE);
  const read = () => (fs.existsSync(file) ? parseRunFile(fs.readFileSync(file, 'utf8')) : EMPTY);
  const write = (run: RunFile) => {
    if (run.groups.length === 0 && run.tmpDirs.length === 0) {
      fs.rmSync(file, { force: true });
      return;
    }
    const temporary = `${file}.${process.pid}`;
    fs.writeFileSync(temporary, JSON.stringify(run, null, 2));
    fs.renameSync(temporary, file);
  };
  const leader = readProcess(pid);
  const group: RunGroup | undefined = leader && {
    pgid: pid,
    startTime: leader.startTime,
    cmdline: spawned.argv.join(' '),
  };
  const before = read();
  const owner = readProcess(process.pid);
  write({
    ...(owner ? { owner: { pid: owner.pid, startTime: owner.startTime } } : {}),
    groups: [...before.groups, ...(group ? [group] : [])],
    tmpDirs: [...before.tmpDirs, tmpDir],
  });
  return () => {
    const now = read();
    write({
      ...(now.owner ? { owner: now.owner } : {}),
      groups: now.groups.filter((g) => g.pgid !== pid),
      tmpDirs: now.tmpDirs.filter((d) => d !== tmpDir),
    });
  };
}
