import { describe, expect, it } from 'vitest';
import { MAX_NAME, MIN_NAME, nameCompare } from './path.js';
import {
  fromWireQuery,
  rulesQuery,
  SortedIndex,
  sortValueOf,
  windowKeys,
  type IndexSpec,
  type Query,
  type SortValue,
} from './query.js';
import { fromRestQuery } from './rest-query.js';
import { fromJSON, getChild, type Branch, type DataNode, type Primitive } from './tree.js';

/**
 * The reference: sort every child by (index value, key), keep those between the two bounds,
 * take the limit from its end. Slow and obvious, against the index's binary searches.
 */
function reference(node: DataNode | null, query: Query): string[] {
  if (node === null || node.kind === 'leaf') return [];
  const keyOnly = query.index.kind === 'key';
  const sortOf = (value: Primitive | null): SortValue =>
    value === null
      ? [0]
      : typeof value === 'boolean'
        ? [1, value]
        : typeof value === 'number'
          ? [2, value]
          : [3, value];
  const compare = (a: [SortValue, string], b: [SortValue, string]) => {
    if (!keyOnly && a[0][0] !== b[0][0]) return a[0][0] - b[0][0];
    const x = a[0][1];
    const y = b[0][1];
    if (!keyOnly && x !== undefined && y !== undefined && x !== y) return x < y ? -1 : 1;
    return nameCompare(a[1], b[1]);
  };
  const { start, end } = query;
  const lower: [SortValue, string] | null =
    start === undefined
      ? null
      : keyOnly
        ? [[0], String(start.value)]
        : [sortOf(start.value), start.name ?? MIN_NAME];
  const upper: [SortValue, string] | null =
    end === undefined
      ? null
      : keyOnly
        ? [[0], String(end.value)]
        : [sortOf(end.value), end.name ?? MAX_NAME];
  const entries = [...(node as Branch).children].map(([key, child]): [SortValue, string] => [
    sortValueOf(query.index, child),
    key,
  ]);
  let keys = entries
    .sort(compare)
    .filter((entry) => {
      const afterStart =
        lower === null ||
        (start?.inclusive ? compare(lower, entry) <= 0 : compare(lower, entry) < 0);
      const beforeEnd =
        upper === null || (end?.inclusive ? compare(entry, upper) <= 0 : compare(entry, upper) < 0);
      return afterStart && beforeEnd;
    })
    .map((entry) => entry[1]);
  if (query.limit !== undefined) {
    const { count, fromLeft } = query.limit;
    keys = fromLeft ? keys.slice(0, count) : keys.slice(Math.max(0, keys.length - count));
  }
  return keys;
}

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const KEYS = ['1', '2', '10', '007', '-4', 'a', 'b', 'B', 'zz', '_', 'k9'];
const VALUES: (Primitive | null)[] = [null, false, true, -1, 0, 2, 2.5, 3, 'a', 'b', 'm', 'zz'];

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

function randomChildren(next: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of KEYS) {
    if (next() < 0.3) continue;
    const v = pick(next, VALUES);
    const child: Record<string, unknown> = { other: 1 };
    if (v !== null) child.v = v;
    if (next() < 0.2) child.v = { nested: true };
    if (next() < 0.4) child['.priority'] = pick(next, [1, 2, 'a', 'z']);
    out[key] = child;
  }
  return out;
}

function randomQuery(next: () => number): Query {
  const index: IndexSpec = pick(next, [
    { kind: 'key' },
    { kind: 'priority' },
    { kind: 'child', path: ['v'] },
  ] as IndexSpec[]);
  const bound = (edge: string) => {
    if (next() < 0.5) return undefined;
    const value =
      index.kind === 'key'
        ? pick(next, KEYS)
        : index.kind === 'priority'
          ? pick(next, [null, 1, 2, 'a', 'z'])
          : pick(next, VALUES);
    const name = index.kind !== 'key' && next() < 0.5 ? pick(next, [...KEYS, edge]) : undefined;
    return { value, name, inclusive: next() < 0.6 };
  };
  const start = bound(MAX_NAME);
  const end = bound(MIN_NAME);
  const limit =
    next() < 0.6 ? { count: Math.floor(next() * 5), fromLeft: next() < 0.5 } : undefined;
  return { index, start, end, limit };
}

describe('SortedIndex', () => {
  it('gives the same window as sorting and filtering everything, for random data and queries', () => {
    const next = random(1);
    for (let round = 0; round < 300; round++) {
      const node = fromJSON(randomChildren(next), null, 0);
      const query = randomQuery(next);
      expect(windowKeys(node, query), JSON.stringify(query)).toEqual(reference(node, query));
    }
  });

  it('kept up to date child by child, matches one rebuilt from scratch', () => {
    const next = random(2);
    const spec: IndexSpec = { kind: 'child', path: ['v'] };
    const live = new SortedIndex(spec);
    let data: Record<string, unknown> = {};
    live.rebuild(null);
    for (let step = 0; step < 200; step++) {
      const key = pick(next, KEYS);
      data = { ...data, [key]: next() < 0.3 ? null : { v: pick(next, VALUES) ?? 'x' } };
      const node = fromJSON(data, null, 0);
      live.update(key, getChild(node, [key]));
      const query: Query = { index: spec, start: undefined, end: undefined, limit: undefined };
      expect(live.window(query)).toEqual(windowKeys(node, query));
    }
  });
});

describe('queries from the wire', () => {
  it('default to the priority index, inclusive bounds, and a limit anchored as limit() does', () => {
    const q = fromWireQuery({ sp: 3, l: 2 });
    expect(q.index).toEqual({ kind: 'priority' });
    expect(q.start).toEqual({ value: 3, name: undefined, inclusive: true });
    expect(q.limit).toEqual({ count: 2, fromLeft: true });
    expect(fromWireQuery({ i: 'a/b', ep: 'x', ein: false, l: 1, vf: 'r' })).toEqual({
      index: { kind: 'child', path: ['a', 'b'] },
      start: undefined,
      end: { value: 'x', name: undefined, inclusive: false },
      limit: { count: 1, fromLeft: false },
    });
  });

  it('startAfter(value) without a key skips every child of that value', () => {
    const node = fromJSON({ a: { v: 1 }, b: { v: 2 }, c: { v: 2 }, d: { v: 3 } }, null, 0);
    // The SDK sends startAfter(2) on a child index as sp: 2, sn: "[MAX_NAME]", sin: false.
    const wire = fromWireQuery({ i: 'v', sp: 2, sn: MAX_NAME, sin: false });
    expect(windowKeys(node, wire)).toEqual(['d']);
    const rest = fromRestQuery(new URLSearchParams({ orderBy: '"v"', startAfter: '2' }));
    expect(rest && windowKeys(node, rest)).toEqual(['d']);
  });
});

describe('REST query parameters', () => {
  it('reads orderBy, bounds with key names, equalTo and limits', () => {
    expect(fromRestQuery(new URLSearchParams())).toBeNull();
    const q = fromRestQuery(
      new URLSearchParams({ orderBy: '"$key"', startAt: '"b"', limitToLast: '3' }),
    );
    expect(q).toEqual({
      index: { kind: 'key' },
      start: { value: 'b', name: undefined, inclusive: true },
      end: undefined,
      limit: { count: 3, fromLeft: false },
    });
    const equal = fromRestQuery(new URLSearchParams({ orderBy: '"age"', equalTo: 'null' }));
    expect(equal?.start).toEqual({ value: null, name: undefined, inclusive: true });
    expect(equal?.end).toEqual({ value: null, name: undefined, inclusive: true });
    expect(
      fromRestQuery(new URLSearchParams({ orderBy: '"age"', startAt: '20,"k"' }))?.start,
    ).toEqual({
      value: 20,
      name: 'k',
      inclusive: true,
    });
    expect(() => fromRestQuery(new URLSearchParams({ orderBy: '"age"', startAt: '{' }))).toThrow();
  });
});

describe('rulesQuery', () => {
  it('exposes the query to rules as Firebase names it', () => {
    expect(rulesQuery(fromWireQuery({ i: 'timeStamp', sp: 5, ep: 5, l: 10, vf: 'r' }))).toEqual({
      orderByChild: 'timeStamp',
      startAt: 5,
      endAt: 5,
      equalTo: 5,
      limitToLast: 10,
    });
    expect(rulesQuery(fromWireQuery({ i: '.key', l: 3, vf: 'l' }))).toEqual({
      orderByKey: true,
      limitToFirst: 3,
    });
    expect(rulesQuery(null)).toBeUndefined();
  });
});
