import { describe, expect, it } from 'vitest';
import { functionsWorkers, mostWorkersOfOneFunction } from './emulators.js';

// A stack's processes as /proc listed them during a burst of requests: the emulators, two
// Functions workers, and a short-lived helper that happened to be alive at that moment.
const RECORDED = [
  { pid: 100, cmdline: 'node /repo/node_modules/.bin/tsx dev/start.ts --port 6000' },
  {
    pid: 120,
    cmdline: 'node /repo/node_modules/firebase-tools/lib/bin/firebase.js emulators:start',
  },
  {
    pid: 131,
    cmdline: 'node /repo/node_modules/firebase-tools/lib/emulator/functionsEmulatorRuntime',
  },
  {
    pid: 132,
    cmdline: 'node /repo/node_modules/firebase-tools/lib/emulator/functionsEmulatorRuntime.js',
  },
  { pid: 140, cmdline: 'java -jar /repo/.cache/firebase-database-emulator.jar --port 6003' },
  { pid: 150, cmdline: '/bin/sh -c git rev-parse --show-toplevel' },
  { pid: 151, cmdline: 'node /repo/functions/lib/notFunctionsEmulatorRuntime.js' },
];

describe('functionsWorkers', () => {
  it('counts only the Functions emulator’s workers, not other children of the stack', () => {
    expect(functionsWorkers(RECORDED).map((p) => p.pid)).toEqual([131, 132]);
  });

  it('finds none in an idle stack', () => {
    expect(functionsWorkers(RECORDED.filter((p) => !p.cmdline.includes('Runtime')))).toEqual([]);
  });
});

describe('mostWorkersOfOneFunction', () => {
  it('counts each function’s pool apart, helpers left out', () => {
    const worker = (pid: number, target: string | undefined) => ({
      pid,
      cmdline: 'node /repo/node_modules/firebase-tools/lib/emulator/functionsEmulatorRuntime',
      target,
    });
    const procs = [
      ...RECORDED.map((p) => ({ ...p, target: undefined })),
      worker(201, 'api'),
      worker(202, 'api'),
      worker(203, 'api'),
      worker(204, 'mirrorUsers'),
    ];
    // Two runtime processes of RECORDED have no target (as a worker that loads no function).
    expect(mostWorkersOfOneFunction(procs)).toBe(3);
    expect(mostWorkersOfOneFunction(RECORDED.map((p) => ({ ...p, target: 'api' })))).toBe(2);
    expect(mostWorkersOfOneFunction([])).toBe(0);
  });
});
