/**
 * Queries evaluated on the server, checked against the SDK's own query code: one client holds
 * the whole node (a listen on the parent), so the SDK computes its query views itself; another
 * listens to the same queries only, so the database computes their windows and keeps them up
 * to date. After every random write both must show the same children in the same order, and a
 * fresh client's get() must agree.
 */
import {
  endAt,
  endBefore,
  equalTo,
  get,
  limitToFirst,
  limitToLast,
  onValue,
  orderByChild,
  orderByKey,
  orderByPriority,
  orderByValue,
  query,
  ref,
  remove,
  set,
  setWithPriority,
  startAfter,
  startAt,
  update,
  type Database,
  type DataSnapshot,
  type QueryConstraint,
} from 'firebase/database';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually, startDatabase, type TestDatabase } from './support.js';

const KEYS = ['1', '2', '10', '007', '-3', 'a', 'b', 'B', 'zz', '_u', 'key-9', '2147483648'];

const QUERIES: Record<string, QueryConstraint[]> = {
  'child, first 3': [orderByChild('v'), limitToFirst(3)],
  'child, last 3': [orderByChild('v'), limitToLast(3)],
  'child, range': [orderByChild('v'), startAt(2), endAt('m')],
  'child, after and before': [orderByChild('v'), startAfter(1), endBefore('k'), limitToFirst(4)],
  'child, equal': [orderByChild('v'), equalTo(3)],
  'child, start with key': [orderByChild('v'), startAt(3, 'b'), limitToFirst(3)],
  'child, end with key, last 2': [orderByChild('v'), endAt(5, 'a'), limitToLast(2)],
  'nested child, last 2': [orderByChild('n/x'), limitToLast(2)],
  'key, range': [orderByKey(), startAt('10'), endBefore('b'), limitToFirst(4)],
  'key, last 4': [orderByKey(), limitToLast(4)],
  'key, after': [orderByKey(), startAfter('a')],
  'value, first 4': [orderByValue(), limitToFirst(4)],
  'priority, last 3': [orderByPriority(), limitToLast(3)],
  'priority, range': [orderByPriority(), startAt(2), endAt('p')],
};

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function randomChild(next: () => number): unknown {
  const v = pick(next, [
    1,
    2,
    3,
    3,
    5,
    2.5,
    -1,
    'a',
    'k',
    'm',
    'zz',
    true,
    false,
    null,
    { deep: 1 },
  ]);
  const child: Record<string, unknown> = { label: pick(next, ['x', 'y']) };
  if (v !== null) child.v = v;
  if (next() < 0.5) child.n = { x: pick(next, [1, 2, 'q', true]) };
  return child;
}

function entries(snapshot: DataSnapshot): [string, unknown][] {
  const out: [string, unknown][] = [];
  snapshot.forEach((child) => {
    out.push([child.key ?? '', child.val()]);
  });
  return out;
}

function watch(client: Database, path: string): Map<string, [string, unknown][] | undefined> {
  const views = new Map<string, [string, unknown][] | undefined>();
  for (const [name, constraints] of Object.entries(QUERIES)) {
    views.set(name, undefined);
    onValue(query(ref(client, path), ...constraints), (snap) => views.set(name, entries(snap)));
  }
  return views;
}

let db: TestDatabase;
beforeEach(async () => {
  db = await startDatabase({ rules: { '.read': true, '.write': true } });
});
afterEach(async () => {
  await db.close();
});

describe('server-side queries', () => {
  it('match the SDK evaluating the same queries, through random writes', async () => {
    const sdkSide = db.client();
    const serverSide = db.client();
    const writer = db.client();
    // The whole node on this client: the SDK answers its queries from it.
    onValue(ref(sdkSide, 'items'), () => {});
    onValue(ref(sdkSide, 'scores'), () => {});
    const expected = { items: watch(sdkSide, 'items'), scores: watch(sdkSide, 'scores') };
    const actual = { items: watch(serverSide, 'items'), scores: watch(serverSide, 'scores') };

    const next = random(20261122);
    const converge = async (step: string) => {
      for (const path of ['items', 'scores'] as const) {
        await eventually(
          () => {
            for (const name of Object.keys(QUERIES)) {
              const want = expected[path].get(name);
              if (want === undefined || !isDeepStrictEqual(actual[path].get(name), want))
                return undefined;
            }
            return true;
          },
          `${path} after ${step}: ${JSON.stringify([...actual[path]].filter(([n]) => !isDeepStrictEqual(actual[path].get(n), expected[path].get(n))))} vs ${JSON.stringify([...expected[path]].filter(([n]) => !isDeepStrictEqual(actual[path].get(n), expected[path].get(n))))}`,
        );
      }
    };

    for (let step = 0; step < 60; step++) {
      const key = pick(next, KEYS);
      const roll = next();
      if (roll < 0.45) await set(ref(writer, `items/${key}`), randomChild(next));
      else if (roll < 0.55)
        await setWithPriority(
          ref(writer, `items/${key}`),
          randomChild(next),
          pick(next, [1, 2, 3, 'a', 'p', 'z']),
        );
      else if (roll < 0.7) await remove(ref(writer, `items/${key}`));
      else if (roll < 0.8)
        await set(ref(writer, `items/${key}/v`), pick(next, [0, 3, 4, 'b', 'n', true]));
      else if (roll < 0.9) {
        await update(ref(writer), {
          [`items/${key}`]: randomChild(next),
          [`items/${pick(next, KEYS)}x`]: next() < 0.3 ? null : randomChild(next),
          [`scores/${pick(next, KEYS)}`]: pick(next, [1, 2, 3, 'a', 'b', false, null]),
        });
      } else {
        await set(ref(writer, `scores/${key}`), pick(next, [1, 2, 7, 'c', true, null, { o: 1 }]));
      }
      await converge(`step ${step}`);
    }

    // A fresh client's one-off reads agree with the windows kept up to date.
    const fresh = db.client();
    for (const [name, constraints] of Object.entries(QUERIES)) {
      const snap = await get(query(ref(fresh, 'items'), ...constraints));
      expect(entries(snap), name).toEqual(expected.items.get(name));
    }
  });

  it('replace a whole window when the node itself is rewritten', async () => {
    const sdkSide = db.client();
    const serverSide = db.client();
    const writer = db.client();
    onValue(ref(sdkSide, 'items'), () => {});
    const expected = watch(sdkSide, 'items');
    const actual = watch(serverSide, 'items');
    const next = random(7);
    for (let round = 0; round < 8; round++) {
      const data: Record<string, unknown> = {};
      for (const key of KEYS) if (next() < 0.7) data[key] = randomChild(next);
      await set(
        ref(writer, round % 2 === 0 ? 'items' : '/'),
        round % 2 === 0 ? data : { items: data },
      );
      await eventually(
        () =>
          [...expected].every(
            ([name, want]) => want !== undefined && isDeepStrictEqual(actual.get(name), want),
          )
            ? true
            : undefined,
        `round ${round}`,
      );
    }
  });
});

describe('query indexes', () => {
  it('a query on an index the rules do not declare gets the SDK warning naming the .indexOn to add', async () => {
    const indexed = await startDatabase({
      rules: { '.read': true, '.write': true, chat: { '.indexOn': ['timeStamp'] } },
    });
    const warnings: string[] = [];
    const spy = vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args.join(' '));
    });
    try {
      const client = indexed.client();
      await get(query(ref(client, 'chat'), orderByChild('timeStamp'), limitToLast(1)));
      await get(query(ref(client, 'users'), orderByChild('name'), limitToLast(1)));
      let received = 0;
      onValue(
        query(ref(client, 'chat'), orderByChild('timeStamp'), limitToLast(2)),
        () => received++,
      );
      onValue(query(ref(client, 'users'), orderByChild('name'), limitToLast(2)), () => received++);
      await eventually(
        () => (warnings.some((w) => w.includes('unspecified index')) ? true : undefined),
        'the warning',
      );
      expect(received).toBe(2);
      expect(warnings.filter((w) => w.includes('unspecified index'))).toEqual([
        expect.stringContaining('".indexOn": "name" at /users'),
      ]);
    } finally {
      spy.mockRestore();
      await indexed.close();
    }
  });
});
