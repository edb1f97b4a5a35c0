import { describe, expect, it } from 'vitest';
import { candidatePaths, parsePattern } from './trigger-patterns.js';
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
