import { describe, expect, it } from 'vitest';
import {
  candidatePaths,
  changeDelta,
  changeKind,
  parsePattern,
  triggersOfBackends,
} from './trigger-events.js';
import { fromJSON, type DataNode } from './tree.js';

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
