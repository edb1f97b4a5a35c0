import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from './logger.ts';
import {
  EMULATORS_TMP_PREFIX,
  ownedProcesses,
  ownerAlive,
  parseRunFile,
  recordRun,
  removableTmpDirs,
  RUN_FILE,
  stopPreviousRun,
  type ProcessInfo,
  type RunFileDeps,
} from './run-file.ts';

const firebase = 'node /repo/node_modules/firebase-tools/lib/bin/firebase.js emulators:start';
const group = { pgid: 4000, startTime: '9000', cmdline: firebase };
const leader: ProcessInfo = { pid: 4000, pgid: 4000, startTime: '9000', cmdline: firebase };
const worker: ProcessInfo = { pid: 4010, pgid: 4000, startTime: '9100', cmdline: 'node worker' };

describe('the run file', () => {
  it('reads what a run wrote, and nothing from a damaged or foreign file', () => {
    const run = { owner: { pid: 10, startTime: '5' }, groups: [group], tmpDirs: ['/tmp/x'] };
    expect(parseRunFile(JSON.stringify(run))).toEqual(run);
    expect(parseRunFile('{"groups": [')).toEqual({ groups: [], tmpDirs: [] });
    const badTime = { groups: [{ ...group, startTime: 'soon' }], tmpDirs: [] };
    expect(parseRunFile(JSON.stringify(badTime))).toEqual({ groups: [], tmpDirs: [] });
    expect(parseRunFile('{"groups": [{"pgid": "4000"}], "tmpDirs": []}')).toEqual({
      groups: [],
      tmpDirs: [],
    });
  });
});

describe('which processes are still the run’s', () => {
  it('takes the whole group while its leader is the process the run started', () => {
    expect(ownedProcesses(group, [leader, worker, { ...leader, pid: 1, pgid: 1 }])).toEqual([
      leader,
      worker,
    ]);
  });

  it('takes nothing when the pid now belongs to another process', () => {
    const reused = { ...leader, startTime: '12000' };
    expect(ownedProcesses(group, [reused, worker])).toEqual([]);
    expect(ownedProcesses(group, [{ ...leader, cmdline: 'vim notes.txt' }])).toEqual([]);
  });

  it('takes the members left in the group once its leader is gone', () => {
    const older = { ...worker, pid: 4020, startTime: '8000' };
    expect(ownedProcesses(group, [worker, older])).toEqual([worker]);
  });

  it('leaves a run alone while the process that started it lives', () => {
    const run = { owner: { pid: 10, startTime: '5' }, groups: [group], tmpDirs: [] };
    const owner = { pid: 10, pgid: 10, startTime: '5', cmdline: 'node dev/start.ts' };
    expect(ownerAlive(run, [owner])).toBe(true);
    expect(ownerAlive(run, [{ ...owner, startTime: '7' }])).toBe(false);
    expect(ownerAlive(run, [])).toBe(false);
  });

  it('removes only the emulators’ temporary folders directly in the temp folder', () => {
    const run = {
      groups: [],
      tmpDirs: [
        '/tmp/fuel-emulators-abc',
        '/tmp/fuel-emulators-',
        '/tmp/elsewhere',
        '/tmp/fuel-emulators-abc/../../etc',
        '/home/me/fuel-emulators-abc',
      ],
    };
    expect(removableTmpDirs(run, '/tmp', EMULATORS_TMP_PREFIX)).toEqual([
      '/tmp/fuel-emulators-abc',
    ]);
  });
});

describe('stopping a previous run', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  function folder(prefix: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /** A machine whose processes exit on the signals listed in `exitOn`. */
  function machine(live: ProcessInfo[], exitOn: NodeJS.Signals[], tmpRoot: string) {
    const sent: [number, NodeJS.Signals][] = [];
    let running = [...live];
    let slept = 0;
    const deps: RunFileDeps = {
      processes: () => running,
      exists: (pid) => running.some((p) => p.pid === pid),
      kill: (pid, signal) => {
        sent.push([pid, signal]);
        if (exitOn.includes(signal)) running = running.filter((p) => p.pid !== pid);
      },
      sleep: (ms) => {
        slept += ms;
        return Promise.resolve();
      },
      tmpRoot,
      log: silentLogger,
    };
    return { deps, sent, running: () => running, slept: () => slept };
  }

  it('kills a dead owner’s emulators at once, removes its temporary folder and the run file', async () => {
    const dataDir = folder('fuel-run-file-');
    const tmpRoot = folder('fuel-tmp-root-');
    const tmpDir = fs.mkdtempSync(path.join(tmpRoot, EMULATORS_TMP_PREFIX));
    const run = { owner: { pid: 10, startTime: '5' }, groups: [group], tmpDirs: [tmpDir] };
    fs.writeFileSync(path.join(dataDir, RUN_FILE), JSON.stringify(run));
    const bystander = { pid: 77, pgid: 77, startTime: '1', cmdline: 'sshd' };
    // The functions' workers ignore a first SIGINT: a grace period would be waited out whole.
    const { deps, sent, running, slept } = machine(
      [leader, worker, bystander],
      ['SIGKILL'],
      tmpRoot,
    );

    await stopPreviousRun(dataDir, silentLogger, deps);
    expect(sent).toEqual([
      [4000, 'SIGKILL'],
      [4010, 'SIGKILL'],
    ]);
    expect(slept()).toBe(0);
    expect(running()).toEqual([bystander]);
    expect(fs.existsSync(tmpDir)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, RUN_FILE))).toBe(false);
  });

  it('interrupts a run of unknown owner first, and kills what does not exit on the interrupt', async () => {
    const dataDir = folder('fuel-run-file-');
    fs.writeFileSync(
      path.join(dataDir, RUN_FILE),
      JSON.stringify({ groups: [group], tmpDirs: [] }),
    );
    const { deps, sent, running } = machine([leader], ['SIGKILL'], dataDir);
    await stopPreviousRun(dataDir, silentLogger, deps);
    expect(sent.map(([, signal]) => signal)).toEqual(['SIGINT', 'SIGKILL']);
    expect(running()).toEqual([]);
  });

  it('touches nothing of a run whose starter still runs', async () => {
    const dataDir = folder('fuel-run-file-');
    const run = { owner: { pid: 10, startTime: '5' }, groups: [group], tmpDirs: [] };
    fs.writeFileSync(path.join(dataDir, RUN_FILE), JSON.stringify(run));
    const owner = { pid: 10, pgid: 10, startTime: '5', cmdline: 'node dev/start.ts' };
    const { deps, sent } = machine([owner, leader], ['SIGINT'], dataDir);
    await stopPreviousRun(dataDir, silentLogger, deps);
    expect(sent).toEqual([]);
    expect(fs.existsSync(path.join(dataDir, RUN_FILE))).toBe(true);
  });

  it('records this process as the owner, and forgets the group on a clean stop', () => {
    const dataDir = folder('fuel-run-file-');
    const file = path.join(dataDir, RUN_FILE);
    const forget = recordRun(
      dataDir,
      { pid: process.pid, argv: ['node', 'firebase.js'] },
      '/tmp/fuel-emulators-x',
    );
    const run = parseRunFile(fs.readFileSync(file, 'utf8'));
    expect(run.owner?.pid).toBe(process.pid);
    expect(run.groups).toMatchObject([{ pgid: process.pid, cmdline: 'node firebase.js' }]);
    expect(run.tmpDirs).toEqual(['/tmp/fuel-emulators-x']);
    forget();
    expect(fs.existsSync(file)).toBe(false);
  });
});
