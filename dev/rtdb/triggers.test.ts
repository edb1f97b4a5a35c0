import { describe, expect, it } from 'vitest';
import { OWNER } from './auth.js';
import type { WriteEntry } from './engine.js';
import {
  candidatePaths,
  changeDelta,
  changeKind,
  parsePattern,
  MAX_DELIVERIES_IN_FLIGHT,
  TriggerDispatcher,
  triggersOfBackends,
  type PendingEvent,
} from './triggers.js';
import { fromJSON, setChild, type DataNode } from './tree.js';

function tree(json: unknown): DataNode | null {
  return fromJSON(json, null, 0);
}

function paths(pattern: string, at: string, before: unknown, after: unknown): string[] {
  return candidatePaths(parsePattern(pattern), at.split('/').filter(Boolean), [
    tree(before),
    tree(after),
  ])
    .map((p) => p.join('/'))
    .sort();
}

/** firebase-functions' applyChange, which turns `data` and `delta` into the value after. */
function applyChange(src: unknown, dest: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null;
  if (!isObject(dest) || !isObject(src)) return dest;
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(src), ...Object.keys(dest)])) {
    if (key in dest) {
      if (dest[key] !== null) out[key] = applyChange(src[key], dest[key]);
    } else if (src[key] !== null) out[key] = src[key];
  }
  return out;
}

describe('candidatePaths', () => {
  it('finds the matching node above, at, or under a write', () => {
    expect(paths('alerts/{id}', 'alerts/a1/delivery/sent', 1, 2)).toEqual(['alerts/a1']);
    expect(paths('alerts/{id}', 'alerts/a1', null, { t: 1 })).toEqual(['alerts/a1']);
    expect(paths('alerts/{id}', 'alerts', { a1: 1 }, { a2: 2 })).toEqual([
      'alerts/a1',
      'alerts/a2',
    ]);
    expect(paths('alerts/{id}', '', null, { alerts: { a1: 1 }, other: 1 })).toEqual(['alerts/a1']);
    expect(paths('alerts/{id}', 'other/x', null, 1)).toEqual([]);
  });

  it('understands literals, * and {x=*} segments, ** and {path=**}, and globs', () => {
    expect(
      paths('groups/*/groupChat/{m}', 'groups', null, {
        g1: { groupChat: { m1: 1 }, members: { u: 1 } },
      }),
    ).toEqual(['groups/g1/groupChat/m1']);
    expect(paths('logs/{rest=**}', 'logs/a', null, { b: { c: 1 } })).toEqual([
      'logs',
      'logs/a',
      'logs/a/b',
      'logs/a/b/c',
    ]);
    expect(paths('users/user-*', 'users', null, { 'user-1': 1, admin: 2 })).toEqual([
      'users/user-1',
    ]);
  });
});

describe('event data', () => {
  it('the delta turns the value before into the value after', () => {
    const cases: [unknown, unknown][] = [
      [null, { a: 1 }],
      [
        { a: 1, b: { c: 2, d: 3 } },
        { a: 1, b: { c: 4 }, e: 5 },
      ],
      [{ a: 1 }, null],
      [{ a: { b: 1 } }, { a: 'flat' }],
      ['x', { a: 1 }],
    ];
    for (const [before, after] of cases)
      expect(applyChange(before, changeDelta(before, after))).toEqual(after);
    expect(changeDelta({ a: 1, b: 2 }, { a: 1, b: 3 })).toEqual({ b: 3 });
  });

  it('names the change', () => {
    expect(changeKind(null, 1)).toBe('created');
    expect(changeKind(1, null)).toBe('deleted');
    expect(changeKind({ a: 1 }, { a: 2 })).toBe('updated');
    expect(changeKind({ a: 1 }, { a: 1 })).toBeNull();
  });
});

describe('triggersOfBackends', () => {
  it('keeps the database triggers of every backend', () => {
    const fn = (id: string, eventType: string, patterns: Record<string, string>) => ({
      id,
      eventTrigger: { eventType, eventFilters: {}, eventFilterPathPatterns: patterns },
    });
    const triggers = triggersOfBackends({
      backends: [
        {
          functionTriggers: [
            fn('us-central1-onAlertCreated', 'google.firebase.database.ref.v1.created', {
              ref: 'alerts/{id}',
              instance: '*',
            }),
            fn('us-central1-onUpload', 'google.cloud.storage.object.v1.finalized', {}),
            { id: 'us-central1-api', httpsTrigger: {} },
          ],
        },
        {
          functionTriggers: [
            fn('us-central1-onX', 'google.firebase.database.ref.v1.written', { ref: 'x' }),
          ],
        },
      ],
    });
    expect(triggers.map((t) => [t.id, t.change, t.ref, t.instance])).toEqual([
      ['us-central1-onAlertCreated', 'created', 'alerts/{id}', '*'],
      ['us-central1-onX', 'written', 'x', '*'],
    ]);
  });
});

describe('TriggerDispatcher', () => {
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

  function dispatcher(
    respond: (url: string, body: string | undefined) => Response | Promise<Response>,
    options: { waitForLoad?: boolean; pending?: PendingEvent[] } = {},
  ) {
    const posts: { url: string; body: Record<string, unknown> }[] = [];
    const logs: string[] = [];
    const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/backends')) return Response.json(backends);
      const body = typeof init?.body === 'string' ? init.body : undefined;
      if (body !== undefined)
        posts.push({ url, body: JSON.parse(body) as Record<string, unknown> });
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
        pending: options.pending,
      },
    );
    return { d, posts, logs };
  }

  function write(
    d: TriggerDispatcher,
    ns: string,
    root: DataNode | null,
    path: string,
    value: unknown,
  ) {
    const entries: WriteEntry[] = [{ segments: path.split('/'), node: tree(value), json: value }];
    const after = d.beforeWrite(ns, entries, root, OWNER);
    after?.(setChild(root, path.split('/'), tree(value)));
    return after;
  }

  it('posts a created event per new node, only for its namespace and instance', async () => {
    const { d, posts, logs } = dispatcher(() => new Response('{}'));
    await d.refresh();
    expect(logs).toEqual([
      'rtdb: database triggers: us-central1-onAlertCreated (created alerts/{id})',
    ]);
    expect(write(d, 'other', null, 'alerts/a1', { t: 1 })).toBeUndefined();
    write(d, 'main', null, 'alerts/a1', { t: 1 });
    write(d, 'main', tree({ alerts: { a1: { t: 1 } } }), 'alerts/a1/t', 2);
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
    let root: DataNode | null = null;
    for (let n = 0; n < 20; n += 1) {
      write(d, 'main', root, `alerts/a${n}`, n);
      root = setChild(root, ['alerts', `a${n}`], tree(n));
    }
    // Answer whatever is waiting until all 20 have been posted.
    while (posts.length < 20 || answers.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      answers.splice(0).forEach((answer) => answer());
    }
    await d.stop();
    expect(most).toBe(MAX_DELIVERIES_IN_FLIGHT);
    expect(posts.map((post) => post.body.ref)).toEqual(
      Array.from({ length: 20 }, (_, n) => `alerts/a${n}`),
    );
  });

  it('logs what it cannot deliver', async () => {
    const { d, logs } = dispatcher(() => new Response('boom', { status: 500 }));
    await d.refresh();
    write(d, 'main', null, 'alerts/a1', 1);
    await d.stop();
    expect(logs.at(-1)).toBe(
      'warn rtdb: trigger us-central1-onAlertCreated for alerts/a1 answered HTTP 500: boom',
    );
  });

  it('holds the events of writes made before the functions are loaded, then posts each once, in order', async () => {
    const { d, posts } = dispatcher(() => new Response('{}'), { waitForLoad: true });
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
    for (const [path, value] of values) {
      write(d, 'main', root, path, value);
      root = setChild(root, path.split('/'), tree(value));
    }
    expect(posts).toEqual([]);

    await d.functionsLoaded();
    await d.drain(5000);
    expect(await d.stop()).toEqual([]);
    expect(posts.map((p) => [p.body.ref, (p.body.data as { delta: unknown }).delta])).toEqual([
      ['alerts/a1', { t: 1 }],
      ['alerts/a2', { t: 2 }],
      ['alerts/old', 4],
    ]);
  });

  it('returns the events it could not post at stop, and posts those of a previous run first', async () => {
    // The Functions emulator never answers the events posted.
    const blocked = dispatcher(() => new Promise<Response>(() => {}));
    await blocked.d.refresh();
    let root: DataNode | null = null;
    for (let n = 0; n < MAX_DELIVERIES_IN_FLIGHT + 2; n += 1) {
      write(blocked.d, 'main', root, `alerts/a${n}`, n);
      root = setChild(root, ['alerts', `a${n}`], tree(n));
    }
    const kept = await blocked.d.stop();
    expect(kept.map((e) => e.event.ref)).toEqual(['alerts/a4', 'alerts/a5']);

    const next = dispatcher(() => new Response('{}'), { waitForLoad: true, pending: kept });
    write(next.d, 'main', root, 'alerts/b', 1);
    await next.d.functionsLoaded();
    await next.d.drain(5000);
    await next.d.stop();
    expect(next.posts.map((p) => p.body.ref)).toEqual(['alerts/a4', 'alerts/a5', 'alerts/b']);
  });
});
