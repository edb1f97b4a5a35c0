import type { BatchResponse, Message } from 'firebase-admin/messaging';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlertChunk, PushMessage } from '../handlers/push/index.js';
import { MemoryDb } from '../testing/memory-db.js';
import { listen } from '../testing/servers.js';
import {
  createCustomToken,
  databasePort,
  loggerOver,
  senderFor,
  revokeRefreshTokens,
  taskChunkQueue,
  verifyIdToken,
  type DatabaseLike,
  type SnapshotLike,
} from './firebase.js';

/** A snapshot as the Admin SDK hands one over: its key, its value and its children in order. */
function snapshot(key: string | null, value: unknown, children: SnapshotLike[] = []): SnapshotLike {
  return {
    key,
    val: () => value,
    forEach(action) {
      return children.some((child) => action(child) === true);
    },
  };
}

/**
 * An Admin SDK database stand-in: every reference answers with `answer` (what the test set up
 * for that path) and logs what was asked of it, as `path: call` lines.
 */
function fakeDatabase(answer: {
  value?: unknown;
  children?: [string, unknown][];
  pushKey?: string | null;
  committed?: boolean;
}) {
  const calls: string[] = [];
  const children = (answer.children ?? []).map(([key, value]) => snapshot(key, value));
  const database: DatabaseLike = {
    ref(path) {
      const at = path ?? '(root)';
      const query = {
        startAfter(key: string) {
          calls.push(`${at}: startAfter ${key}`);
          return query;
        },
        limitToFirst(limit: number) {
          calls.push(`${at}: limitToFirst ${limit}`);
          return query;
        },
        get: async () => snapshot(null, null, children),
      };
      return {
        get: async () => snapshot(null, answer.value ?? null),
        update: async (values) => {
          calls.push(`${at}: update ${JSON.stringify(values)}`);
        },
        push: () => ({ key: answer.pushKey === undefined ? '-new' : answer.pushKey }),
        orderByKey() {
          calls.push(`${at}: orderByKey`);
          return query;
        },
        transaction: async (change, onComplete, applyLocally) => {
          const next = change(answer.value ?? null);
          calls.push(
            `${at}: transaction to ${JSON.stringify(next)}, ${String(onComplete)}, applyLocally ${String(applyLocally)}`,
          );
          return { committed: answer.committed ?? true, snapshot: snapshot(null, next) };
        },
      };
    },
  };
  return { database, calls };
}

describe('databasePort', () => {
  it('reads the value at a path', async () => {
    const { database } = fakeDatabase({ value: { name: 'A' } });
    expect(await databasePort(database).get('users/1')).toEqual({ name: 'A' });
  });

  it('writes a multi-path update at the root, in one call', async () => {
    const { database, calls } = fakeDatabase({});
    await databasePort(database).update({ 'users/1': null, 'groups/5/members/1': true });
    expect(calls).toEqual(['(root): update {"users/1":null,"groups/5/members/1":true}']);
  });

  it('names a new push key under a path, and refuses to go on without one', () => {
    expect(databasePort(fakeDatabase({ pushKey: '-Nabc' }).database).pushKey('outbox')).toBe(
      '-Nabc',
    );
    expect(() => databasePort(fakeDatabase({ pushKey: null }).database).pushKey('outbox')).toThrow(
      'No push key under outbox',
    );
  });

  it('reads a page in key order, from the first child or after a key, bounded by the limit', async () => {
    const { database, calls } = fakeDatabase({
      children: [
        ['1', { name: 'A' }],
        ['2', { name: 'B' }],
      ],
    });
    const db = databasePort(database);
    expect(await db.page('users', { limit: 2 })).toEqual([
      ['1', { name: 'A' }],
      ['2', { name: 'B' }],
    ]);
    await db.page('users', { after: '2', limit: 500 });
    expect(calls).toEqual([
      'users: orderByKey',
      'users: limitToFirst 2',
      'users: orderByKey',
      'users: startAfter 2',
      'users: limitToFirst 500',
    ]);
  });

  it('runs a transaction on the server only, and says whether it wrote and what is there', async () => {
    const { database, calls } = fakeDatabase({ value: 1, committed: true });
    const outcome = await databasePort(database).transaction('pushClaims/alert/a1', (current) =>
      typeof current === 'number' ? current + 1 : 0,
    );
    expect(outcome).toEqual({ committed: true, value: 2 });
    // Not applied locally: no listener in this process may see a claim before the server has it.
    expect(calls).toEqual(['pushClaims/alert/a1: transaction to 2, undefined, applyLocally false']);

    const refused = fakeDatabase({ value: 'taken', committed: false });
    expect(await databasePort(refused.database).transaction('p', () => undefined)).toEqual({
      committed: false,
      value: undefined,
    });
  });
});

describe('taskChunkQueue', () => {
  const chunk = (alertId: string, index: number): AlertChunk => ({ alertId, index, after: '42' });

  function recordingQueue(fail?: (id: string) => unknown) {
    const tasks: { chunk: AlertChunk; id: string }[] = [];
    const queue = taskChunkQueue({
      enqueue: async (data, options) => {
        const id = options?.id ?? '';
        const failure = fail?.(id);
        if (failure !== undefined) throw failure;
        tasks.push({ chunk: data, id });
      },
    });
    return { queue, tasks };
  }

  it('names each task after its alert and index, in the characters task names allow', async () => {
    const { queue, tasks } = recordingQueue();
    await queue.enqueue(chunk('-Nalert/one', 3));
    await queue.enqueue(chunk('-Nalert/one', 3));
    await queue.enqueue(chunk('-Nalert/two', 3));
    expect(tasks.map((task) => task.chunk)).toEqual([
      chunk('-Nalert/one', 3),
      chunk('-Nalert/one', 3),
      chunk('-Nalert/two', 3),
    ]);
    const [first, again, other] = tasks.map((task) => task.id);
    expect(first).toMatch(/^[0-9a-f]{32}-3$/);
    expect(again).toBe(first);
    expect(other).toMatch(/^[0-9a-f]{32}-3$/);
    expect(other).not.toBe(first);
  });

  it('takes a chunk queued twice as queued, and passes any other refusal on', async () => {
    const exists = recordingQueue(() =>
      Object.assign(new Error('exists'), { code: 'functions/task-already-exists' }),
    );
    await expect(exists.queue.enqueue(chunk('a1', 1))).resolves.toBeUndefined();
    const refused = recordingQueue(() =>
      Object.assign(new Error('quota'), { code: 'functions/resource-exhausted' }),
    );
    await expect(refused.queue.enqueue(chunk('a1', 1))).rejects.toThrow('quota');
  });
});

describe('senderFor', () => {
  const message: PushMessage = {
    token: 'phone',
    notification: { title: 'T', body: 'B' },
    data: { type: 'alert' },
  };

  it('records pushes in the outbox in the Functions emulator, never reaching for FCM', async () => {
    const db = new MemoryDb();
    const sender = senderFor({ FUNCTIONS_EMULATOR: 'true' }, db, {
      now: () => 5,
      messaging: () => {
        throw new Error('FCM cannot be reached from the emulators');
      },
    });
    expect(await sender.sendEach([message])).toEqual({ results: [{ ok: true }] });
    expect(Object.values(db.at('outbox') as object)).toEqual([
      { token: 'phone', notification: { title: 'T', body: 'B' }, data: { type: 'alert' }, at: 5 },
    ]);
  });

  it('sends through FCM anywhere else', async () => {
    const db = new MemoryDb();
    const sent: Message[][] = [];
    const sender = senderFor({}, db, {
      now: () => 5,
      messaging: () => ({
        sendEach: async (batch) => {
          sent.push(batch);
          return { responses: [{ success: true }] } as BatchResponse;
        },
      }),
    });
    expect(await sender.sendEach([message])).toEqual({ results: [{ ok: true }] });
    expect(sent).toHaveLength(1);
    expect(db.at('outbox')).toBeUndefined();
  });
});

describe('loggerOver', () => {
  it('writes each level with its fields, none given being none', () => {
    const entries: [string, string, unknown][] = [];
    const sink = (level: string) => (message: string, fields: unknown) =>
      entries.push([level, message, fields]);
    const logger = loggerOver({ info: sink('info'), warn: sink('warn'), error: sink('error') });
    logger.info('Admin session ended', { uid: '7' });
    logger.warn('A streamed reply was cut short');
    logger.error('User mirror update failed', { action: 'users' });
    expect(entries).toEqual([
      ['info', 'Admin session ended', { uid: '7' }],
      ['warn', 'A streamed reply was cut short', {}],
      ['error', 'User mirror update failed', { action: 'users' }],
    ]);
  });
});

/**
 * The Admin SDK's Auth calls, made against a stand-in for the Auth emulator (whose tokens are
 * unsigned, so no service account is needed): what each call asks of it, and what it answers.
 */
describe('the Auth ports', () => {
  const asked: { path: string; body: Record<string, unknown> }[] = [];
  let close: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    const emulator = await listen(
      createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<
            string,
            unknown
          >;
          asked.push({ path: req.url ?? '', body });
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify(
              req.url?.endsWith('accounts:lookup')
                ? { users: [{ localId: '7', email: 'ada@fuel.test' }] }
                : { localId: '7' },
            ),
          );
        });
      }),
    );
    close = emulator.close;
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', new URL(emulator.url).host);
    vi.stubEnv('GCLOUD_PROJECT', 'demo-test');
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await close();
  });

  const jwt = (payload: object) =>
    [{ alg: 'none', typ: 'JWT' }, payload]
      .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
      .join('.') + '.';

  it("puts the uid and the admin's claims in a custom token, on the default app", async () => {
    const token = await createCustomToken('42', { role: 'admin', session: 's1' });
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(payload).toMatchObject({ uid: '42', claims: { role: 'admin', session: 's1' } });
    // A second token comes from the same app rather than a second one the SDK would refuse.
    await expect(createCustomToken('43', { role: 'admin', session: 's2' })).resolves.toBeTruthy();
  });

  it("reads an ID token's uid apart from its claims", async () => {
    const now = Math.floor(Date.now() / 1000);
    const idToken = jwt({
      iss: 'https://securetoken.google.com/demo-test',
      aud: 'demo-test',
      sub: '7',
      iat: now,
      auth_time: now,
      exp: now + 3600,
      role: 'admin',
      session: 's1',
    });
    const verified = await verifyIdToken(idToken);
    expect(verified.uid).toBe('7');
    expect(verified.claims).toMatchObject({ role: 'admin', session: 's1' });
    expect(verified.claims).not.toHaveProperty('uid');
  });

  it("ends the uid's refresh tokens", async () => {
    asked.length = 0;
    await revokeRefreshTokens('7');
    expect(asked).toEqual([
      {
        path: expect.stringMatching(/accounts:update$/),
        body: expect.objectContaining({ localId: '7', validSince: expect.any(Number) }),
      },
    ]);
  });
});
