/**
 * Writes around starts, stops and crashes of `npm start`, on one data folder: an alert written
 * while the Functions emulator is still loading, and one an Admin SDK queued while the stack was
 * down, are each pushed exactly once; after `kill -9`, every write the database acknowledged is
 * there at the next start. Each start is a whole stack: 30-90 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase } from 'firebase-admin/database';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repoRoot } from '../../dev/build.ts';
import { DATABASE_NAMESPACE, PROJECT_ID } from '../../dev/emulators.ts';
import { assertPortsFree, portsFrom } from '../../dev/ports.ts';
import { outboxEntrySchema, paths, type Alert } from '../../functions/src/contracts/index.js';
import { eventually } from './support/clients.ts';
import { freePortBase } from './support/ports.ts';

const STACK_START_MS = 400_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-restart-'));
const runs: ChildProcess[] = [];

/** `npm start`, as node itself in a process group of its own (so kill -9 reaches it). */
function npmStart(base: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'dev/start.ts', '--port', String(base), '--data', dataDir],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  runs.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const ready = () => output.includes('Press Ctrl-C to stop.');
  const untilReady = async () => {
    const until = Date.now() + STACK_START_MS - 20_000;
    while (!ready()) {
      if (child.exitCode !== null || Date.now() > until)
        throw new Error(`npm start did not come up:\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  return { child, exited, ready, untilReady };
}

/** The process groups of the emulators a run started (their command lines name the folder). */
function emulatorGroups(): number[] {
  const groups = new Set<number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (cmdline.includes(dataDir) && pgrp !== process.pid) groups.add(pgrp);
    } catch {
      // gone meanwhile
    }
  }
  return [...groups];
}

function killGroups(groups: readonly number[]) {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

afterAll(() => {
  killGroups([...runs.flatMap((r) => (r.pid === undefined ? [] : [r.pid])), ...emulatorGroups()]);
  if (!process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the database across starts, stops and crashes of npm start', () => {
  it(
    'pushes once what was written while the functions loaded or the stack was down, and keeps every acknowledged write through kill -9',
    async () => {
      const base = await freePortBase();
      const ports = portsFrom(base);
      const rtdb = (p: string) =>
        `http://127.0.0.1:${ports.rtdb}/${p}.json?ns=${encodeURIComponent(DATABASE_NAMESPACE)}`;
      const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };
      const put = async (p: string, value: unknown) => {
        const reply = await fetch(rtdb(p), {
          method: 'PUT',
          headers: owner,
          body: JSON.stringify(value),
        });
        expect(reply.status).toBe(200);
      };
      const userId = `restart-${randomUUID().slice(0, 8)}`;
      const device = `device-${randomUUID()}`;
      const alert = (title: string): Alert => ({
        notificationId: randomUUID(),
        title,
        description: 'Written around a restart.',
        image: '',
        userName: 'Restart',
        timeStamp: Date.now(),
        target: 'user',
        userId,
      });
      /** The pushes recorded for an alert's title. */
      const pushes = async (title: string) => {
        const reply = await fetch(rtdb(paths.outbox()), { headers: owner });
        const outbox = z
          .record(z.string(), outboxEntrySchema)
          .nullable()
          .parse(await reply.json());
        return Object.values(outbox ?? {}).filter((m) => m.notification.title === title);
      };
      const pushedOnce = async (title: string) => {
        await eventually(
          async () => ((await pushes(title)).length > 0 ? true : undefined),
          `the push of ${title}`,
          60_000,
        );
        // A second delivery would come right after the first: give it time to show.
        await new Promise((r) => setTimeout(r, 3000));
        expect((await pushes(title)).map((m) => m.token)).toEqual([device]);
      };

      // 1. Written as soon as the database answers, while the Functions emulator still loads.
      const first = npmStart(base);
      const early = alert(`Early ${randomUUID()}`);
      await eventually(
        () =>
          fetch(rtdb('probe'), { headers: owner }).then(
            () => true,
            () => undefined,
          ),
        'the database',
        STACK_START_MS,
      );
      await put(`${paths.deviceTokens(userId)}/0`, { token: device, updatedAt: Date.now() });
      await put(`${paths.alerts()}/${early.notificationId}`, early);
      expect(first.ready()).toBe(false);
      await first.untilReady();
      await pushedOnce(early.title);

      // 2. Written through the Admin SDK while the stack is stopped: sent when it is back.
      process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${ports.rtdb}`;
      const app = initializeApp(
        { projectId: PROJECT_ID, databaseURL: `https://${DATABASE_NAMESPACE}.firebaseio.com` },
        `restart-${randomUUID()}`,
      );
      const db = getDatabase(app);
      await db.ref('probe').get(); // connected before the stop
      if (first.child.pid !== undefined) process.kill(-first.child.pid, 'SIGINT');
      await first.exited;
      const down = alert(`While down ${randomUUID()}`);
      const queued = db.ref(`${paths.alerts()}/${down.notificationId}`).set(down);
      const second = npmStart(base);
      await queued;
      await second.untilReady();
      await pushedOnce(down.title);
      expect(await pushes(early.title)).toHaveLength(1);
      await deleteApp(app);

      // 3. A burst of acknowledged writes, then kill -9 of npm start and of what it left.
      const burst: Record<string, number> = {};
      await Promise.all(
        Array.from({ length: 100 }, (_, n) => {
          burst[`w${n}`] = n;
          return put(`crash/w${n}`, n);
        }),
      );
      if (second.child.pid !== undefined) process.kill(-second.child.pid, 'SIGKILL');
      await second.exited;
      killGroups(emulatorGroups());
      await eventually(
        () =>
          assertPortsFree(ports).then(
            () => true,
            () => undefined,
          ),
        'the ports to be free',
        30_000,
      );
      const third = npmStart(base);
      await third.untilReady();
      const reply = await fetch(rtdb('crash'), { headers: owner });
      expect(await reply.json()).toEqual(burst);
      if (third.child.pid !== undefined) process.kill(-third.child.pid, 'SIGINT');
      await third.exited;
    },
    4 * STACK_START_MS,
  );
});
