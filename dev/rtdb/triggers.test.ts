import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER } from './auth.js';
import type { WriteEntry } from './engine.js';
import { recoverDataFile } from './persistence.js';
import type { PendingEvent } from './trigger-events.js';
import { MAX_DELIVERIES_IN_FLIGHT, TriggerDispatcher, type DispatcherDeps } from './triggers.js';
import { fromJSON, setChild, toValue, type DataNode } from './tree.js';
import { recordOf, WriteAheadLog } from './wal.js';

function tree(json: unknown): DataNode | null {
  return fromJSON(json, null, 0);
}

const backends = {
  backends: [
    {
      functionTriggers: [
        {
          id: 'us-central1-onAlertCreated',
          eventTrigger: {
            eventType: 'google.firebase.database.ref.v1.created',
            eventFilterPathPatterns: { ref: 'alerts/{id}', instance: 'main' },
          },
        },
      ],
    },
  ],
};

type Respond = (url: string, body: string | undefined) => Response | Promise<Response>;

function dispatcher(
  respond: Respond,
  options: { waitForLoad?: boolean } = {},
  deps: Partial<DispatcherDeps> = {},
) {
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  const logs: string[] = [];
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/backends')) return Response.json(backends);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    if (body !== undefined) posts.push({ url, body: JSON.parse(body) as Record<string, unknown> });
    return respond(url, body);
  }) as typeof fetch;
  const d = new TriggerDispatcher(
    {
      functionsUrl: 'http://functions',
      projectId: 'demo',
      namespace: 'main',
      waitForLoad: options.waitForLoad,
    },
    {
      fetch: fakeFetch,
      logger: { info: (m) => logs.push(m), warn: (m) => logs.push(`warn ${m}`) },
      now: () => 0,
      ...deps,
    },
  );
  return { d, posts, logs };
}

/**
 * A write as the engine makes it: the dispatcher sees it before and after, and its events are
 * logged with it (when there is a log) and queued, as `startRtdb` wires them.
 */
function write(
  d: TriggerDispatcher,
  ns: string,
  root: DataNode | null,
  at: string,
  value: unknown,
  log?: WriteAheadLog,
): PendingEvent[] | undefined {
  const entries: WriteEntry[] = [{ segments: at.split('/'), node: tree(value), json: value }];
  const after = d.beforeWrite(ns, entries, root, OWNER);
  const events = after?.(setChild(root, at.split('/'), tree(value)));
  log?.append(recordOf(ns, entries, events ?? []));
  d.enqueue(events ?? []);
  return events;
}

/** Writes alerts/a0… one after the other. */
function writeAlerts(d: TriggerDispatcher, count: number, log?: WriteAheadLog) {
  let root: DataNode | null = null;
  for (let n = 0; n < count; n += 1) {
    write(d, 'main', root, `alerts/a${n}`, n, log);
    root = setChild(root, ['alerts', `a${n}`], tree(n));
  }
  return root;
}

const refs = (posts: { body: Record<string, unknown> }[]) => posts.map((p) => p.body.ref);

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('TriggerDispatcher', () => {
  it('posts a created event per new node, only for its namespace and instance', async () => {
    const { d, posts, logs } = dispatcher(() => new Response('{}'));
    await d.refresh();
    expect(logs).toEqual([
      'rtdb: database triggers: us-central1-onAlertCreated (created alerts/{id})',
    ]);
    expect(write(d, 'other', null, 'alerts/a1', { t: 1 })).toBeUndefined();
    write(d, 'main', null, 'alerts/a1', { t: 1 });
    expect(write(d, 'main', tree({ alerts: { a1: { t: 1 } } }), 'alerts/a1/t', 2)).toEqual([]);
    await d.stop();
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe(
      'http://functions/functions/projects/demo/triggers/us-central1-onAlertCreated-0',
    );
    expect(posts[0]?.body).toMatchObject({
      ref: 'alerts/a1',
      authtype: 'admin',
      data: { data: null, delta: { t: 1 } },
    });
  });

  it('posts at most MAX_DELIVERIES_IN_FLIGHT events at a time, the rest in write order', async () => {
    let open = 0;
    let most = 0;
    const answers: (() => void)[] = [];
    const { d, posts } = dispatcher(() => {
      open += 1;
      most = Math.max(most, open);
      return new Promise<Response>((resolve) =>
        answers.push(() => {
          open -= 1;
          resolve(new Response('{}'));
        }),
      );
    });
    await d.refresh();
    writeAlerts(d, 20);
    // Answer whatever is waiting until all 20 have been posted.
    while (posts.length < 20 || answers.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      answers.splice(0).forEach((answer) => answer());
    }
    await d.stop();
    expect(most).toBe(MAX_DELIVERIES_IN_FLIGHT);
    expect(refs(posts)).toEqual(Array.from({ length: 20 }, (_, n) => `alerts/a${n}`));
  });

  it('logs an error answer, and counts the event delivered', async () => {
    const done: string[] = [];
    const { d, logs } = dispatcher(
      () => new Response('boom', { status: 500 }),
      {},
      { logDone: (id) => done.push(id) },
    );
    await d.refresh();
    const [event] = write(d, 'main', null, 'alerts/a1', 1) ?? [];
    expect(await d.stop()).toBe(0);
    expect(logs.at(-1)).toBe(
      'warn rtdb: trigger us-central1-onAlertCreated for alerts/a1 answered HTTP 500: boom',
    );
    expect(done).toEqual([event?.event.id]);
  });

  it('marks done the events answered, and keeps those that got no answer', async () => {
    const done: string[] = [];
    const { d, posts } = dispatcher(
      (_url, body) => {
        if (body?.includes('"alerts/a1"')) throw new TypeError('fetch failed');
        return new Response('{}');
      },
      {},
      { logDone: (id) => done.push(id) },
    );
    await d.refresh();
    writeAlerts(d, 3);
    await d.drain(5000);
    expect(refs(posts)).toEqual(['alerts/a0', 'alerts/a1', 'alerts/a2']);
    const ids = posts.map((p) => (p.body as { id: string }).id);
    expect(done.sort()).toEqual([ids[0], ids[2]].sort());
    expect(d.pending().map((e) => e.event.id)).toEqual([ids[1]]);
    expect(await d.stop()).toBe(1);
  });

  it('holds the events of writes made before the functions are loaded, logs them, then posts each once, in order', async () => {
    const logged: PendingEvent[][] = [];
    const { d, posts } = dispatcher(
      () => new Response('{}'),
      { waitForLoad: true },
      { logEvents: (events) => logged.push([...events]) },
    );
    // Not read before the functions are loaded: the Functions emulator would list none yet.
    await d.refresh();
    let root: DataNode | null = tree({ alerts: { old: 0 } });
    const values: [string, unknown][] = [
      ['alerts/a1', { t: 1 }],
      ['alerts/a2', { t: 2 }],
      ['alerts/a1/t', 3], // an update: no created event
      ['alerts/old', null],
      ['alerts/old', 4], // created again
    ];
    for (const [at, value] of values) {
      write(d, 'main', root, at, value);
      root = setChild(root, at.split('/'), tree(value));
    }
    expect(posts).toEqual([]);

    await d.functionsLoaded();
    await d.drain(5000);
    expect(await d.stop()).toBe(0);
    expect(posts.map((p) => [p.body.ref, (p.body.data as { delta: unknown }).delta])).toEqual([
      ['alerts/a1', { t: 1 }],
      ['alerts/a2', { t: 2 }],
      ['alerts/old', 4],
    ]);
    expect(logged.map((events) => events.map((e) => e.event.ref))).toEqual([
      ['alerts/a1', 'alerts/a2', 'alerts/old'],
    ]);
  });

  it('keeps every event not answered at stop, on its way or not, and posts those of a previous run first', async () => {
    // The Functions emulator never answers the events posted.
    const blocked = dispatcher(() => new Promise<Response>(() => {}));
    await blocked.d.refresh();
    const root = writeAlerts(blocked.d, MAX_DELIVERIES_IN_FLIGHT + 2);
    expect(await blocked.d.stop()).toBe(6);
    const kept = blocked.d.pending();
    expect(kept.map((e) => e.event.ref)).toEqual(
      Array.from({ length: 6 }, (_, n) => `alerts/a${n}`),
    );

    const next = dispatcher(() => new Response('{}'), { waitForLoad: true }, { pending: kept });
    write(next.d, 'main', root, 'alerts/b', 1);
    await next.d.functionsLoaded();
    await next.d.drain(5000);
    await next.d.stop();
    expect(refs(next.posts)).toEqual([...kept.map((e) => e.event.ref), 'alerts/b']);
  });
});

describe('trigger events across a crash', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const quiet = { info: () => {}, warn: () => {} };

  /** A run on the data file as `startRtdb` makes one: the log, and a dispatcher writing to it. */
  async function run(file: string, respond: Respond) {
    const recovered = await recoverDataFile(file, quiet);
    const log = new WriteAheadLog(file, recovered.next, (error) => {
      throw error;
    });
    const done: string[] = [];
    const { d, posts } = dispatcher(
      respond,
      {},
      {
        pending: recovered.events,
        durable: () => log.whenDurable(),
        logDone: (id) => {
          done.push(id);
          log.append({ done: id });
        },
      },
    );
    await d.refresh();
    return { d, posts, log, done, recovered };
  }

  it('posts each event a crash left unanswered once at the next start, and no answered one again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtdb-triggers-'));
    dirs.push(dir);
    const file = path.join(dir, 'rtdb.json');
    // a0 and a1 are answered; a2 and a3 are on their way when the process dies.
    const first = await run(file, (_url, body) =>
      /"alerts\/a[01]"/.test(body ?? '') ? new Response('{}') : new Promise<Response>(() => {}),
    );
    writeAlerts(first.d, 4, first.log);
    await until(() => first.posts.length === 4 && first.done.length === 2);
    await first.log.whenDurable();
    // The process dies here: no stop, no save, no close.

    const second = await run(file, () => new Response('{}'));
    await second.d.drain(5000);
    expect(refs(second.posts)).toEqual(['alerts/a2', 'alerts/a3']);
    await second.log.whenDurable();
    // Dies again: what the second run delivered is not posted a third time.

    const third = await run(file, () => new Response('{}'));
    // The handles a dead process would have lost with it.
    for (const { log } of [first, second, third]) await log.close();
    expect(third.recovered.events).toEqual([]);
    expect(toValue(third.recovered.namespaces.get('main') ?? null)).toEqual({
      alerts: { a0: 0, a1: 1, a2: 2, a3: 3 },
    });
  });
});
