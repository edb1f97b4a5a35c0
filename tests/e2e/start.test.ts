/**
 * `npm start` as a developer runs it (`tsx dev/start.ts`), three times on one data folder: the
 * lines it prints and what they point at, Ctrl-C stopping every process it started, the data
 * surviving a restart, and `--reset` going back to the seed; then, on a folder of its own, a
 * burst of requests to a cold stack, a kill -9 of the whole `npm start` and the next start on
 * the same ports, and a kill -9 of `tsx` alone. `--port` and `--data` put it beside the stack
 * the other end-to-end files use. Each start is a whole stack: 30-90 s.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SEED_ADMIN, SEED_ROLE_ADMINS } from '../../dev/api/index.ts';
import {
  DATABASE_NAMESPACE,
  FUNCTIONS_PARALLEL,
  functionsWorkers,
  mostWorkersOfOneFunction,
} from '../../dev/emulators.ts';
import { liveProcesses, type ProcessInfo } from '../../dev/run-file.ts';
import { assertPortsFree, portsFrom, type StackPorts } from '../../dev/ports.ts';
import {
  envelopeSchema,
  loginPayloadSchema,
  reportSchema,
  userSchema,
} from '../../functions/src/contracts/index.js';
import { npmStart, type Run, STACK_START_MS, untilReady } from './support/npm-start.ts';
import { freePortBase } from './support/ports.ts';

/** What npm start printed after `<label>: `. */
function printed(run: Run, label: string): string {
  const line = run.stdout().find((l) => l.startsWith(`${label}: `));
  if (line === undefined) throw new Error(`npm start printed no ${label} line`);
  return line.slice(label.length + 2);
}

/** Ctrl-C in the terminal: SIGINT to the whole foreground process group. */
async function ctrlC(run: Run): Promise<number | null> {
  if (run.child.pid !== undefined) process.kill(-run.child.pid, 'SIGINT');
  return run.exited;
}

/** The function a Functions worker runs (FUNCTION_TARGET in its environment), if any. */
function functionTarget(pid: number): string | undefined {
  try {
    const environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return environ.find((entry) => entry.startsWith('FUNCTION_TARGET='))?.slice(16);
  } catch {
    return undefined;
  }
}

/** Every process npm start runs: its own group, and the emulators' group (told by the folder). */
function stackProcesses(run: Run, dataDir: string): ProcessInfo[] {
  const all = liveProcesses();
  const groups = new Set([run.child.pid]);
  for (const p of all) if (p.cmdline.includes(dataDir)) groups.add(p.pgid);
  return all.filter((p) => groups.has(p.pgid));
}

async function json(reply: Response): Promise<unknown> {
  const text = await reply.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`not JSON (${reply.status}): ${text.slice(0, 200)}`);
  }
}

/** What the test writes into each store of the stack, and reads back. */
function stores(ports: StackPorts, api: string) {
  const auth = `http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1`;
  const rtdb = (p: string) =>
    `http://127.0.0.1:${ports.rtdb}/${p}.json?ns=${encodeURIComponent(DATABASE_NAMESPACE)}`;
  const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };

  async function upstream(route: string, token: string, init: RequestInit = {}) {
    return fetch(`${api}${route}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  }
  return {
    async upstreamToken(): Promise<string> {
      const reply = await fetch(`${api}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...SEED_ADMIN, device_id: '' }),
      });
      return envelopeSchema(loginPayloadSchema).parse(await json(reply)).payload.token;
    },
    async firstUserId(token: string): Promise<number> {
      const users = envelopeSchema(z.array(userSchema)).parse(
        await json(await upstream('/admin/user', token)),
      ).payload;
      expect(users.length).toBeGreaterThanOrEqual(60);
      return users[0]?.id ?? 0;
    },
    async addReport(token: string, userId: number, title: string) {
      const reply = await upstream('/admin/user-report', token, {
        method: 'POST',
        body: JSON.stringify({
          user_id: userId,
          title,
          description: 'kept across npm start',
          url: 'https://example.com/r.pdf',
        }),
      });
      expect(reply.status).toBe(200);
    },
    async reportTitles(token: string, userId: number): Promise<string[]> {
      const reports = envelopeSchema(z.array(reportSchema)).parse(
        await json(await upstream(`/admin/user-reports/${userId}`, token)),
      ).payload;
      return reports.map((r) => r.title);
    },
    async setValue(p: string, value: unknown) {
      const reply = await fetch(rtdb(p), {
        method: 'PUT',
        headers: owner,
        body: JSON.stringify(value),
      });
      expect(reply.status).toBe(200);
    },
    async value(p: string): Promise<unknown> {
      return json(await fetch(rtdb(p), { headers: owner }));
    },
    async signUp(email: string, password: string) {
      const reply = await fetch(`${auth}/accounts:signUp?key=fake-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      });
      expect(reply.status).toBe(200);
    },
    /** The Auth emulator's answer to a password sign-in: 200, or 400 for an unknown account. */
    async signInStatus(email: string, password: string): Promise<number> {
      const reply = await fetch(`${auth}/accounts:signInWithPassword?key=fake-api-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      });
      return reply.status;
    },
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-npm-start-'));
const crashDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-npm-crash-'));
const runs: { run: Run; dataDir: string }[] = [];
afterAll(async () => {
  // A failed test may leave a stack running: stop it the way npm start would, then for good.
  for (const { run, dataDir: dir } of runs) {
    const left = stackProcesses(run, dir);
    if (run.child.exitCode === null && run.child.signalCode === null)
      await Promise.race([ctrlC(run), new Promise((r) => setTimeout(r, 30_000))]);
    for (const group of new Set(left.map((p) => p.pgid))) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  if (!process.env.KEEP_E2E_DATA) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(crashDataDir, { recursive: true, force: true });
  }
});

describe('npm start', () => {
  const marker = randomUUID();
  const title = `Report ${marker}`;
  const account = { email: `restart-${marker.slice(0, 8)}@example.com`, password: 'kept-2024' };
  let userId = 0;

  it(
    'prints the App, Upstream API and Admin lines, serves the app there, and Ctrl-C stops every process it started',
    async () => {
      const base = await freePortBase();
      const ports = portsFrom(base);
      const run = npmStart(['--port', String(base), '--data', dataDir]);
      runs.push({ run, dataDir });
      await untilReady(run);

      expect(run.stdout()).toEqual([
        `App: http://127.0.0.1:${ports.app}`,
        `Upstream API: http://127.0.0.1:${ports.api}/api`,
        `Admin: ${SEED_ADMIN.email} / ${SEED_ADMIN.password}`,
        `Admins by role (same password): ${SEED_ROLE_ADMINS.map((a) => a.email).join(', ')}`,
        'Press Ctrl-C to stop.',
      ]);
      const page = await fetch(`http://127.0.0.1:${ports.app}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      // The printed admin signs in through the app, and gets its Firebase session token.
      const login = await fetch(`http://127.0.0.1:${ports.app}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...SEED_ADMIN, device_id: '' }),
      });
      const session = envelopeSchema(loginPayloadSchema).parse(await json(login)).payload;
      expect(session.firebaseToken).toBeTruthy();

      // Something in each store, for the restart below.
      const store = stores(ports, printed(run, 'Upstream API'));
      const token = await store.upstreamToken();
      userId = await store.firstUserId(token);
      await store.addReport(token, userId, title);
      await store.setValue('restartCheck', { marker });
      await store.signUp(account.email, account.password);

      const started = stackProcesses(run, dataDir);
      // tsx and the script, firebase-tools and the functions' runtime.
      expect(started.some((p) => p.cmdline.includes('firebase-tools'))).toBe(true);
      expect(await ctrlC(run)).toBe(0);
      const alive = new Set(liveProcesses().map((p) => p.pid));
      expect(started.filter((p) => alive.has(p.pid))).toEqual([]);
      await expect(assertPortsFree(ports)).resolves.toBeUndefined();
    },
    STACK_START_MS,
  );

  it(
    'keeps the upstream records, the database and the Auth accounts across a restart',
    async () => {
      const base = await freePortBase();
      const run = npmStart(['--port', String(base), '--data', dataDir]);
      runs.push({ run, dataDir });
      await untilReady(run);
      const store = stores(portsFrom(base), printed(run, 'Upstream API'));
      expect(await store.reportTitles(await store.upstreamToken(), userId)).toContain(title);
      expect(await store.value('restartCheck')).toEqual({ marker });
      expect(await store.signInStatus(account.email, account.password)).toBe(200);
      expect(await ctrlC(run)).toBe(0);
    },
    STACK_START_MS,
  );

  it(
    'starts from the seed with --reset',
    async () => {
      const base = await freePortBase();
      const run = npmStart(['--port', String(base), '--data', dataDir, '--reset']);
      runs.push({ run, dataDir });
      await untilReady(run);
      const store = stores(portsFrom(base), printed(run, 'Upstream API'));
      const token = await store.upstreamToken();
      expect(await store.firstUserId(token)).toBe(userId);
      expect(await store.reportTitles(token, userId)).not.toContain(title);
      expect(await store.value('restartCheck')).toBeNull();
      expect(await store.signInStatus(account.email, account.password)).toBe(400);
      expect(await ctrlC(run)).toBe(0);
    },
    STACK_START_MS,
  );
});

/** The resident memory of some processes, in MiB (/proc/<pid>/status VmRSS). */
function residentMiB(procs: readonly ProcessInfo[]): number {
  let kib = 0;
  for (const p of procs) {
    try {
      const status = fs.readFileSync(`/proc/${p.pid}/status`, 'utf8');
      kib += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kib / 1024);
}

/** The temporary folder firebase-tools runs with (its TMPDIR), read from /proc. */
function emulatorsTmpDir(procs: readonly ProcessInfo[]): string {
  const firebase = procs.find((p) => p.cmdline.includes('emulators:start'));
  if (firebase === undefined) throw new Error('no firebase-tools process');
  const environ = fs.readFileSync(`/proc/${firebase.pid}/environ`, 'utf8').split('\0');
  const tmpDir = environ.find((v) => v.startsWith('TMPDIR='))?.slice('TMPDIR='.length);
  if (tmpDir === undefined) throw new Error('firebase-tools runs without a TMPDIR');
  return tmpDir;
}

describe('npm start under a burst, and after kill -9', () => {
  let base = 0;
  let first: Run | undefined;
  let second: Run | undefined;

  it(
    'answers a burst of 250 concurrent /api requests to a cold stack, none with a 504 or an error',
    async () => {
      base = await freePortBase();
      first = npmStart(['--port', String(base), '--data', crashDataDir]);
      runs.push({ run: first, dataDir: crashDataDir });
      await untilReady(first);
      const run = first;
      const idle = stackProcesses(run, crashDataDir);

      // Sample the stack's processes while the burst runs, for the figures printed below.
      let peak = { count: idle.length, workers: 0, ofOneFunction: 0, mib: residentMiB(idle) };
      const sample = () => {
        const now = stackProcesses(run, crashDataDir);
        const targeted = now.map((p) => ({ ...p, target: functionTarget(p.pid) }));
        peak = {
          count: Math.max(peak.count, now.length),
          workers: Math.max(peak.workers, functionsWorkers(now).length),
          ofOneFunction: Math.max(peak.ofOneFunction, mostWorkersOfOneFunction(targeted)),
          mib: Math.max(peak.mib, residentMiB(now)),
        };
      };
      const sampler = setInterval(sample, 250);
      const replies = await Promise.all(
        Array.from({ length: 250 }, async () => {
          try {
            const reply = await fetch(`http://127.0.0.1:${base}/api/health`);
            return { status: reply.status, body: await reply.text() };
          } catch (error) {
            return { status: 0, body: String(error) };
          }
        }),
      );
      clearInterval(sampler);
      // The workers stay for the next requests: one more look sees those a short burst started.
      sample();
      // The figures for dev/README.md's section on bursts; they vary with the machine.
      process.stdout.write(
        `burst of 250: processes ${idle.length} idle, ${peak.count} at most ` +
          `(${peak.workers} Functions workers, ${peak.ofOneFunction} of one function); ` +
          `resident memory ${residentMiB(idle)} MiB idle, ${peak.mib} MiB at most\n`,
      );

      // The api function's pool holds at most FUNCTIONS_PARALLEL workers (sampling can only miss
      // some); the stack's other children come and go (a helper alive at one sample is no worker).
      expect(peak.ofOneFunction).toBeGreaterThan(0);
      expect(peak.ofOneFunction).toBeLessThanOrEqual(FUNCTIONS_PARALLEL);
      const failed = replies.filter((r) => r.status !== 200);
      expect({ failed: failed.length, first: failed.slice(0, 2) }).toEqual({
        failed: 0,
        first: [],
      });
      for (const reply of replies)
        expect(JSON.parse(reply.body)).toMatchObject({ payload: { status: 'ok' } });
    },
    STACK_START_MS,
  );

  it(
    'starts again on the same ports and data folder after kill -9, with the crashed run gone',
    async () => {
      if (first === undefined) throw new Error('the burst test starts the stack this one kills');
      const crashed = stackProcesses(first, crashDataDir);
      const tmpDir = emulatorsTmpDir(crashed);
      // kill -9 of npm start and every process in its (the terminal's) group: the emulators,
      // in a group of their own, are left running.
      if (first.child.pid !== undefined) process.kill(-first.child.pid, 'SIGKILL');
      await first.exited;

      const run = npmStart(['--port', String(base), '--data', crashDataDir]);
      second = run;
      runs.push({ run, dataDir: crashDataDir });
      await untilReady(run);
      expect(run.stdout()[0]).toBe(`App: http://127.0.0.1:${base}`);
      const alive = new Set(liveProcesses().map((p) => p.pid));
      expect(crashed.filter((p) => alive.has(p.pid))).toEqual([]);
      expect(fs.existsSync(tmpDir)).toBe(false);
      const page = await fetch(`http://127.0.0.1:${base}/`);
      expect(page.status).toBe(200);
    },
    STACK_START_MS,
  );

  it(
    'stops every process it started when only its tsx process is killed with kill -9',
    async () => {
      if (second === undefined) throw new Error('the test above starts the stack this one kills');
      const started = stackProcesses(second, crashDataDir);
      const tsx = second.child.pid;
      if (tsx !== undefined) process.kill(tsx, 'SIGKILL');
      const until = Date.now() + 60_000;
      const left = () => {
        const alive = new Set(liveProcesses().map((p) => p.pid));
        return started.filter((p) => alive.has(p.pid));
      };
      while (left().length > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 500));
      expect(left()).toEqual([]);
      await expect(assertPortsFree(portsFrom(base))).resolves.toBeUndefined();
    },
    STACK_START_MS,
  );
});
