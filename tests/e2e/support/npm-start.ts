import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../../dev/build.ts';

/** A whole stack: 30-90 s to start on a shared machine, with room to spare. */
export const STACK_START_MS = 400_000;

export interface Run {
  child: ChildProcess;
  stdout: () => string[];
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start -- <args>` in a process group of its own, as a terminal runs it. */
export function npmStart(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  const child = spawn(
    path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['dev/start.ts', ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let stdout = '';
  let all = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    all += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => (all += chunk.toString()));
  return {
    child,
    stdout: () => stdout.split('\n').filter((l) => l.trim() !== ''),
    output: () => all,
    exited: new Promise((resolve) => child.once('close', resolve)),
  };
}

/** Until npm start says it is ready; fails with its output when it exits or takes too long. */
export async function untilReady(run: Run): Promise<void> {
  const until = Date.now() + STACK_START_MS - 20_000;
  let exited = false;
  void run.exited.then(() => (exited = true));
  while (!run.stdout().includes('Press Ctrl-C to stop.')) {
    if (exited || Date.now() > until)
      throw new Error(`npm start did not come up:\n${run.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Ctrl-C, and SIGKILL to its group if it has not stopped in a minute. */
export async function stopRun(run: Run): Promise<void> {
  const pid = run.child.pid;
  if (pid === undefined || run.child.exitCode !== null || run.child.signalCode !== null) return;
  process.kill(-pid, 'SIGINT');
  const stopped = await Promise.race([
    run.exited.then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), 60_000)),
  ]);
  if (!stopped) process.kill(-pid, 'SIGKILL');
}
