/**
 * Database triggers, against a fake Functions emulator that answers `GET /backends` as the real
 * one does and records what is posted to it. (The end-to-end test with the real Functions
 * emulator and the product's functions belongs to the local stack.) Offline engine only.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ref, remove, set, update } from 'firebase/database';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../dev/build.ts';
import type { Logger } from '../../dev/rtdb/index.js';
import { decodeLog, logSegments } from '../../dev/rtdb/wal.js';
import {
  eventually,
  officialEmulator,
  startDatabase,
  tempDir,
  uniqueNamespace,
  type TestDatabase,
} from './support.js';

const PROJECT = 'demo-triggers';
const CREATED = 'google.firebase.database.ref.v1.created';

/** A trigger as the Functions emulator lists it (emulatedFunctionsFromEndpoints). */
function definition(name: string, change: string, ref: string) {
  return {
    entryPoint: name,
    platform: 'gcfv2',
    region: 'us-central1',
    name,
    id: `us-central1-${name}`,
    codebase: 'default',
    eventTrigger: {
      eventType: `google.firebase.database.ref.v1.${change}`,
      eventFilters: {},
      eventFilterPathPatterns: { ref, instance: '*' },
    },
  };
}

interface Posted {
  url: string;
  /** When the request reached the fake emulator (performance.now()). */
  at: number;
  contentType: string | undefined;
  event: Record<string, unknown> & {
    data: { data: unknown; delta: unknown };
    ref: string;
    type: string;
  };
}

/**
 * `hang`: events (all, or those whose ref it picks) are taken but never answered, as by an
 * emulator stuck in a function.
 */
async function fakeFunctionsEmulator(
  triggers: unknown[],
  keyOf: (id: string) => string,
  { hang = false }: { hang?: boolean | ((ref: string) => boolean) } = {},
) {
  const posted: Posted[] = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/backends') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          backends: [{ directory: '/functions', env: {}, functionTriggers: triggers }],
        }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const known = new Set(triggers.map((t) => keyOf((t as { id: string }).id)));
      const key = decodeURIComponent((req.url ?? '').split('/').pop() ?? '');
      if (!known.has(key)) {
        res.statusCode = 404;
        res.end(`Function ${key} does not exist, valid functions are: ${[...known].join(', ')}`);
        return;
      }
      const event = JSON.parse(Buffer.concat(chunks).toString()) as Posted['event'];
      posted.push({
        url: req.url ?? '',
        at: performance.now(),
        contentType: req.headers['content-type'],
        event,
      });
      if (!(typeof hang === 'function' ? hang(event.ref) : hang)) res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    posted,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const TRIGGERS = [
  definition('onAlertCreated', 'created', 'notificationsAlert/{id}'),
  definition('onAlertUpdated', 'updated', 'notificationsAlert/{id}'),
  definition('onMessageDeleted', 'deleted', 'groups/{groupId}/groupChat/{messageId}'),
  definition('onMemberWritten', 'written', 'groups/{groupId}/members/{userId}'),
];

const alert = (title: string) => ({ title, description: 'd', target: 'all', timeStamp: 1 });

let functions: Awaited<ReturnType<typeof fakeFunctionsEmulator>>;
let db: TestDatabase;
const lines: string[] = [];
const logger: Logger = {
  info: (m) => lines.push(m),
  warn: (m) => lines.push(`warn ${m}`),
  error: (m) => lines.push(`error ${m}`),
};

async function start(keyOf: (id: string) => string = (id) => `${id}-0`) {
  functions = await fakeFunctionsEmulator(TRIGGERS, keyOf);
  const namespace = uniqueNamespace();
  db = await startDatabase(
    { rules: { '.read': true, '.write': true } },
    { logger, triggers: { functionsUrl: functions.url, projectId: PROJECT, namespace } },
    namespace,
  );
  await eventually(
    () => (lines.some((l) => l.includes('onAlertCreated')) ? true : undefined),
    'the trigger list',
  );
}

beforeEach(() => {
  lines.length = 0;
});
/** Run once the database is closed (it saves its data file as it closes). */
const afterClose: (() => void)[] = [];
afterEach(async () => {
  await db.close();
  await functions.close();
  for (const cleanup of afterClose.splice(0)) cleanup();
});

const events = (type: string) => functions.posted.filter((p) => p.event.type === type);

describe.skipIf(officialEmulator !== undefined)('database triggers', () => {
  it('posts the CloudEvent the Functions emulator runs an onValueCreated handler with', async () => {
    await start();
    const client = db.client({ sub: 'ada', role: 'admin' });
    await set(ref(client, 'notificationsAlert/a1'), alert('Fuel'));
    const written = performance.now();
    const [post] = await eventually(
      () => (events(CREATED).length === 1 ? events(CREATED) : undefined),
      'the event',
    );

    expect(post?.url).toBe(`/functions/projects/${PROJECT}/triggers/us-central1-onAlertCreated-0`);
    expect(post?.contentType).toBe('application/cloudevents+json');
    expect(post?.event).toMatchObject({
      specversion: '1.0',
      type: CREATED,
      ref: 'notificationsAlert/a1',
      instance: db.namespace,
      firebasedatabasehost: 'firebaseio.com',
      location: 'us-central1',
      authtype: 'app_user',
      authid: 'ada',
      data: { data: null, delta: alert('Fuel') },
    });
    expect(typeof post?.event.id).toBe('string');
    expect(Number.isNaN(Date.parse(String(post?.event.time)))).toBe(false);
    expect(String(post?.event.source)).toContain(db.namespace);
    // A push starts within a second of its write. The arrival time is taken by
    // the emulator itself, so the polling above adds nothing to it.
    expect((post?.at ?? Infinity) - written).toBeLessThan(1000);
  });

  it('fires once per created node for a multi-path update, and updated with what changed', async () => {
    await start();
    const client = db.client();
    await update(ref(client), {
      'notificationsAlert/a1': alert('one'),
      'notificationsAlert/a2': alert('two'),
      'notificationsAlert/a3/title': 'three',
      'somewhere/else': true,
    });
    await eventually(() => (events(CREATED).length === 3 ? true : undefined), 'three events');
    expect(
      events(CREATED)
        .map((p) => p.event.ref)
        .sort(),
    ).toEqual(['notificationsAlert/a1', 'notificationsAlert/a2', 'notificationsAlert/a3']);
    expect(
      events(CREATED).find((p) => p.event.ref === 'notificationsAlert/a3')?.event.data.delta,
    ).toEqual({
      title: 'three',
    });

    // Writing under an existing alert updates it: no creation, one update with the change.
    await set(ref(client, 'notificationsAlert/a1/delivery'), { sent: 2, failed: 0, at: 5 });
    const updated = 'google.firebase.database.ref.v1.updated';
    const [change] = await eventually(
      () => (events(updated).length === 1 ? events(updated) : undefined),
      'the update',
    );
    expect(change?.event.ref).toBe('notificationsAlert/a1');
    expect(change?.event.data).toEqual({
      '@type': 'type.googleapis.com/google.events.firebase.database.v1.ReferenceEventData',
      data: alert('one'),
      delta: { delivery: { sent: 2, failed: 0, at: 5 } },
    });
    expect(events(CREATED)).toHaveLength(3);
  });

  it('fires deleted and written triggers, with the value before in data', async () => {
    await start();
    const client = db.client();
    await set(ref(client, 'groups/g1'), {
      groupChat: { m1: { message: 'hi' } },
      members: { u1: true },
    });
    await remove(ref(client, 'groups/g1'));
    const deleted = 'google.firebase.database.ref.v1.deleted';
    const written = 'google.firebase.database.ref.v1.written';
    await eventually(
      () => (events(deleted).length === 1 && events(written).length === 2 ? true : undefined),
      'the events',
    );
    expect(events(deleted)[0]?.event).toMatchObject({
      ref: 'groups/g1/groupChat/m1',
      data: { data: { message: 'hi' }, delta: null },
    });
    expect(events(written).map((p) => p.event.data)).toEqual([
      expect.objectContaining({ data: null, delta: true }),
      expect.objectContaining({ data: true, delta: null }),
    ]);
  });

  it('fires only for writes to the configured namespace', async () => {
    await start();
    await db.rest('notificationsAlert/x1', {
      namespace: `${db.namespace}-rules-tests`,
      method: 'PUT',
      headers: { authorization: 'Bearer owner' },
      body: JSON.stringify(alert('elsewhere')),
    });
    await set(ref(db.client(), 'notificationsAlert/a1'), alert('here'));
    await eventually(() => (events(CREATED).length === 1 ? true : undefined), 'the event');
    expect(functions.posted.map((p) => p.event.ref)).toEqual(['notificationsAlert/a1']);
  });

  it('finds a trigger registered under a later generation of the Functions emulator', async () => {
    await start((id) => `${id}-3`);
    await set(ref(db.client(), 'notificationsAlert/a1'), alert('Fuel'));
    const [post] = await eventually(
      () => (events(CREATED).length === 1 ? events(CREATED) : undefined),
      'the event',
    );
    expect(post?.url).toBe(`/functions/projects/${PROJECT}/triggers/us-central1-onAlertCreated-3`);
  });

  it('logs a delivery that fails and keeps serving', async () => {
    await start();
    await functions.close();
    const client = db.client();
    await set(ref(client, 'notificationsAlert/a1'), alert('lost'));
    await eventually(
      () =>
        lines.some((l) => l.startsWith('warn') && l.includes('notificationsAlert/a1'))
          ? true
          : undefined,
      'the warning',
    );
    await set(ref(client, 'notificationsAlert/a2'), alert('still writable'));
    functions = await fakeFunctionsEmulator([], (id) => id);
  });

  it('keeps the events not answered before a stop, on their way or not, and posts each once at the next start', async () => {
    const temp = tempDir();
    afterClose.push(temp.cleanup);
    const namespace = uniqueNamespace();
    const engineOptions = (functionsUrl: string) => ({
      logger,
      dataFile: path.join(temp.dir, 'rtdb.json'),
      triggers: { functionsUrl, projectId: PROJECT, namespace },
    });
    const open = { rules: { '.read': true, '.write': true } };
    functions = await fakeFunctionsEmulator(TRIGGERS, (id) => `${id}-0`, { hang: true });
    db = await startDatabase(open, engineOptions(functions.url), namespace);
    await eventually(
      () => (lines.some((l) => l.includes('onAlertCreated')) ? true : undefined),
      'the trigger list',
    );
    const client = db.client();
    for (let n = 0; n < 6; n++) await set(ref(client, `notificationsAlert/a${n}`), alert(`${n}`));
    // Four on their way, never answered; two waiting their turn when the database stops.
    await eventually(() => (functions.posted.length === 4 ? true : undefined), 'four posts');
    await db.close();
    await functions.close();

    const sent = functions.posted.map((p) => p.event.id);
    functions = await fakeFunctionsEmulator(TRIGGERS, (id) => `${id}-0`);
    db = await startDatabase(open, engineOptions(functions.url), namespace);
    await eventually(() => (functions.posted.length >= 6 ? true : undefined), 'the kept events');
    await set(ref(db.client(), 'notificationsAlert/a6'), alert('6'));
    await eventually(() => (functions.posted.length >= 7 ? true : undefined), 'a new event');
    expect(functions.posted.map((p) => p.event.ref)).toEqual(
      Array.from({ length: 7 }, (_, n) => `notificationsAlert/a${n}`),
    );
    // Posted again as the same CloudEvents: a handler can tell a second delivery by its id.
    expect(functions.posted.slice(0, 4).map((p) => p.event.id)).toEqual(sent);
  }, 60_000);
  it('posts again at the next start what a kill -9 left unanswered, and nothing it had answered', async () => {
    const temp = tempDir();
    afterClose.push(temp.cleanup);
    const namespace = uniqueNamespace();
    const dataFile = path.join(temp.dir, 'rtdb.json');
    const rulesFile = path.join(temp.dir, 'rules.json');
    const open = { rules: { '.read': true, '.write': true } };
    fs.writeFileSync(rulesFile, JSON.stringify(open));
    // a0 and a1 are answered; a2 and a3 are on their way when the process dies.
    functions = await fakeFunctionsEmulator(TRIGGERS, (id) => `${id}-0`, {
      hang: (eventRef) => /a[23]$/.test(eventRef),
    });
    // Node itself, not the tsx wrapper, so the kill reaches the process holding the database.
    const child = spawn(
      process.execPath,
      [
        ...['--import', 'tsx', 'dev/rtdb/cli.ts', '--port', '0', '--rules', rulesFile],
        ...['--data', dataFile, '--functions-url', functions.url],
        ...['--project', PROJECT, '--namespace', namespace],
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    afterClose.push(() => void child.kill('SIGKILL'));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = Number(
      await eventually(
        () => /connectDatabaseEmulator\(db, '[^']+', (\d+)\)/.exec(output)?.[1],
        'the port',
        20_000,
      ),
    );
    await eventually(() => (output.includes('onAlertCreated') ? true : undefined), 'the triggers');
    for (let n = 0; n < 4; n++) {
      const reply = await fetch(
        `http://127.0.0.1:${port}/notificationsAlert/a${n}.json?ns=${namespace}`,
        {
          method: 'PUT',
          headers: { authorization: 'Bearer owner' },
          body: JSON.stringify(alert(`${n}`)),
        },
      );
      expect(reply.status).toBe(200);
    }
    await eventually(() => (functions.posted.length === 4 ? true : undefined), 'four posts');
    // The answers to a0 and a1 are marked done in the log before the process dies.
    const doneMarks = () =>
      logSegments(dataFile)
        .flatMap(({ file }) => decodeLog(fs.readFileSync(file, 'utf8')).records)
        .filter((record) => 'done' in record).length;
    await eventually(() => (doneMarks() === 2 ? true : undefined), 'two done marks');
    child.kill('SIGKILL');
    await exited;
    await functions.close();

    functions = await fakeFunctionsEmulator(TRIGGERS, (id) => `${id}-0`);
    db = await startDatabase(
      open,
      {
        logger,
        dataFile,
        triggers: { functionsUrl: functions.url, projectId: PROJECT, namespace },
      },
      namespace,
    );
    await eventually(() => (functions.posted.length >= 2 ? true : undefined), 'the kept events');
    expect(functions.posted.map((p) => p.event.ref)).toEqual([
      'notificationsAlert/a2',
      'notificationsAlert/a3',
    ]);
  }, 60_000);
});
