/**
 * What only the offline engine does (the official emulator has its own ways): the rules file
 * reloaded when it changes, the data kept in a file across restarts, rules set through REST
 * replacing the file's for one namespace. Skipped against the official emulator.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  get,
  getDatabase,
  onValue,
  ref,
  set,
  setWithPriority,
} from 'firebase/database';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../dev/build.ts';
import { startRtdb, type Logger, type RunningRtdb } from '../../dev/rtdb/index.js';
import {
  eventually,
  officialEmulator,
  putRules,
  startDatabase,
  tempDir,
  type TestDatabase,
} from './support.js';

const CLOSED = { rules: { '.read': false, '.write': false } };
const OPEN = { rules: { '.read': true, '.write': true } };

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

async function allowed(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch {
    return false;
  }
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function database(rules: object, options = {}): Promise<TestDatabase> {
  const db = await startDatabase(rules as typeof OPEN, options);
  cleanups.push(() => db.close());
  return db;
}

describe.skipIf(officialEmulator !== undefined)('offline engine', () => {
  it('reloads database.rules.json when it changes, and revokes listens it no longer allows', async () => {
    const logger = recordingLogger();
    const db = await database({ rules: { '.read': true, '.write': false } }, { logger });
    const client = db.client();
    expect(await allowed(() => set(ref(client, 'a'), 1))).toBe(false);
    let cancelled: { code?: string } | undefined;
    onValue(
      ref(client, 'a'),
      () => {},
      (error) => {
        cancelled = error as { code?: string };
      },
    );

    fs.writeFileSync(
      db.rulesFile as string,
      JSON.stringify({ rules: { '.read': false, '.write': true } }),
    );
    const error = await eventually(() => cancelled, 'the listen to be revoked');
    expect(error.code).toBe('PERMISSION_DENIED');
    expect(await allowed(() => set(ref(client, 'a'), 2))).toBe(true);

    // A broken file is reported and the rules in force stay.
    fs.writeFileSync(db.rulesFile as string, '{ "rules": { ".write": ');
    await eventually(
      () => (logger.lines.some((l) => l.startsWith('error')) ? true : undefined),
      'the error',
    );
    expect(await allowed(() => set(ref(client, 'a'), 3))).toBe(true);
  });

  it('keeps every namespace in the data file across a restart', async () => {
    const temp = tempDir();
    cleanups.push(temp.cleanup);
    const dataFile = path.join(temp.dir, 'nested', 'rtdb.json');
    const rulesFile = path.join(temp.dir, 'rules.json');
    fs.writeFileSync(rulesFile, JSON.stringify(OPEN));
    const start = () => startRtdb({ port: 0, rulesFile, dataFile });

    let engine: RunningRtdb = await start();
    const app = initializeApp(
      { projectId: 'demo-rtdb-tests', databaseURL: 'https://persist-a.firebaseio.com' },
      'persist',
    );
    const client = getDatabase(app);
    connectDatabaseEmulator(client, engine.host, engine.port);
    await set(ref(client, 'chat'), { m1: { text: 'hello', at: 1 }, list: ['a', 'b'] });
    await setWithPriority(ref(client, 'ranked'), 'x', 7);
    await deleteApp(app);
    await fetch(`http://${engine.host}:${engine.port}/other.json?ns=persist-b`, {
      method: 'PUT',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify({ kept: true }),
    });
    await engine.close();
    expect(fs.readdirSync(path.dirname(dataFile))).toEqual(['rtdb.json']);

    engine = await start();
    cleanups.push(() => engine.close());
    const read = async (ns: string, at: string, format = '') => {
      const res = await fetch(`http://${engine.host}:${engine.port}/${at}.json?ns=${ns}${format}`, {
        headers: { authorization: 'Bearer owner' },
      });
      return res.json();
    };
    expect(await read('persist-a', 'chat')).toEqual({
      m1: { text: 'hello', at: 1 },
      list: ['a', 'b'],
    });
    expect(await read('persist-a', 'ranked', '&format=export')).toEqual({
      '.value': 'x',
      '.priority': 7,
    });
    expect(await read('persist-b', 'other')).toEqual({ kept: true });
  });

  it('keeps every acknowledged write when its process is killed (kill -9)', async () => {
    const temp = tempDir();
    cleanups.push(temp.cleanup);
    const dataFile = path.join(temp.dir, 'rtdb.json');
    const rulesFile = path.join(temp.dir, 'rules.json');
    fs.writeFileSync(rulesFile, JSON.stringify(OPEN));
    // Node itself, not the tsx wrapper, so the kill reaches the process holding the database.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'dev/rtdb/cli.ts',
        '--port',
        '0',
        '--rules',
        rulesFile,
        '--data',
        dataFile,
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    cleanups.push(() => void child.kill('SIGKILL'));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = Number(
      await eventually(
        () => /connectDatabaseEmulator\(db, '[^']+', (\d+)\)/.exec(output)?.[1],
        'the port',
        20_000,
      ),
    );
    const app = initializeApp(
      { projectId: 'demo-rtdb-tests', databaseURL: 'https://crash.firebaseio.com' },
      'crash',
    );
    cleanups.push(() => deleteApp(app));
    const client = getDatabase(app);
    connectDatabaseEmulator(client, '127.0.0.1', port);
    const written: Record<string, number> = {};
    // A burst, each write acknowledged, then the process dies at once.
    await Promise.all(
      Array.from({ length: 200 }, (_, n) => {
        written[`m${n}`] = n;
        return set(ref(client, `messages/m${n}`), n);
      }),
    );
    child.kill('SIGKILL');
    await exited;

    const engine = await startRtdb({ port: 0, rulesFile, dataFile });
    cleanups.push(() => engine.close());
    const res = await fetch(`http://${engine.host}:${engine.port}/messages.json?ns=crash`, {
      headers: { authorization: 'Bearer owner' },
    });
    expect(await res.json()).toEqual(written);
  });

  it('clients reconnect by themselves after a restart on the same port, and keep listening', async () => {
    const temp = tempDir();
    cleanups.push(temp.cleanup);
    const rulesFile = path.join(temp.dir, 'rules.json');
    const dataFile = path.join(temp.dir, 'rtdb.json');
    fs.writeFileSync(rulesFile, JSON.stringify(OPEN));
    let engine = await startRtdb({ port: 0, rulesFile, dataFile });
    const port = engine.port;
    const app = initializeApp(
      { projectId: 'demo-rtdb-tests', databaseURL: 'https://restart.firebaseio.com' },
      'restart',
    );
    cleanups.push(() => deleteApp(app));
    const client = getDatabase(app);
    connectDatabaseEmulator(client, engine.host, port);
    const seen: unknown[] = [];
    onValue(ref(client, 'status'), (snap) => seen.push(snap.val()));
    await set(ref(client, 'status'), 'before');

    await engine.close();
    engine = await startRtdb({ port, rulesFile, dataFile });
    cleanups.push(() => engine.close());
    await fetch(`http://${engine.host}:${port}/status.json?ns=restart`, {
      method: 'PUT',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify('after'),
    });
    await eventually(
      () => (seen.at(-1) === 'after' ? true : undefined),
      'the listener after the restart',
      20_000,
    );
    expect(seen).toEqual(['before', 'after']);
  });

  it('starts empty without a data file, and refuses a corrupt one', async () => {
    const temp = tempDir();
    cleanups.push(temp.cleanup);
    const rulesFile = path.join(temp.dir, 'rules.json');
    fs.writeFileSync(rulesFile, JSON.stringify(OPEN));
    const dataFile = path.join(temp.dir, 'rtdb.json');
    const engine = await startRtdb({ port: 0, rulesFile, dataFile });
    const res = await fetch(`http://${engine.host}:${engine.port}/.json?ns=empty`);
    expect(await res.json()).toBeNull();
    await engine.close();
    fs.writeFileSync(dataFile, '{"ns": ');
    await expect(startRtdb({ port: 0, rulesFile, dataFile })).rejects.toThrow(/not valid/);
  });

  it('rules set through /.settings/rules.json replace the file for that namespace only', async () => {
    const logger = recordingLogger();
    const db = await database(CLOSED, { logger });
    await putRules(db.host, db.port, db.namespace, OPEN);
    await set(ref(db.client(), 'x'), 1);

    const other = await fetch(`http://${db.host}:${db.port}/x.json?ns=${db.namespace}-other`);
    expect(other.status).toBe(401);
    const fileRules = await fetch(
      `http://${db.host}:${db.port}/.settings/rules.json?ns=${db.namespace}-other`,
      {
        headers: { authorization: 'Bearer owner' },
      },
    );
    expect(JSON.parse(await fileRules.text())).toEqual(CLOSED);
    const anonymous = await fetch(
      `http://${db.host}:${db.port}/.settings/rules.json?ns=${db.namespace}`,
    );
    expect(anonymous.status).toBe(401);

    // The file changing later does not undo what was set for the namespace.
    fs.writeFileSync(
      db.rulesFile as string,
      JSON.stringify({ rules: { '.read': false, '.write': false, x: { '.write': true } } }),
    );
    await eventually(
      () => (logger.lines.some((l) => l.includes('rules reloaded')) ? true : undefined),
      'the reload',
    );
    expect((await get(ref(db.client(), 'x'))).val()).toBe(1);
  });

  it('refuses a broken rules document on /.settings/rules.json and keeps the rules in force', async () => {
    const db = await database(OPEN);
    const res = await fetch(
      `http://${db.host}:${db.port}/.settings/rules.json?ns=${db.namespace}`,
      {
        method: 'PUT',
        headers: { authorization: 'Bearer owner' },
        body: JSON.stringify({ rules: { '.read': 'auth.uid ===' } }),
      },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/rules/);
    await set(ref(db.client(), 'still'), 'open');
  });
});
