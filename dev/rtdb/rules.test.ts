import { describe, expect, it } from 'vitest';
import type { Segments } from './path.js';
import {
  canRead,
  canWrite,
  compileRules,
  hasIndex,
  RulesError,
  stripComments,
  type AuthVariable,
} from './rules.js';
import { fromJSON, type DataNode } from './tree.js';
import { nodeView, overlayOf, view } from './view.js';

const NOW = 1_000;
const admin: AuthVariable = {
  uid: 'ada',
  provider: 'custom',
  token: { sub: 'ada', role: 'admin' },
};
const bob: AuthVariable = { uid: 'bob', provider: 'custom', token: { sub: 'bob', role: 'user' } };

const RULES = compileRules(`{
  // Product-like rules, with comments as Firebase allows.
  "rules": {
    "admin": { ".read": "auth != null", ".write": "auth.token.role === 'admin'" },
    "groups": {
      "$groupId": {
        "groupChat": {
          ".read": "root.child('groups/' + $groupId + '/members/' + auth.uid).exists()",
          ".indexOn": ["timeStamp"],
          "$messageId": {
            ".write": "!data.exists() && newData.parent().parent().child('members').child(auth.uid).exists()",
            ".validate": "newData.hasChildren(['senderUID', 'timeStamp']) && newData.child('senderUID').val() === auth.uid && newData.child('timeStamp').val() <= now"
          }
        },
        "members": { ".write": "auth.token.role === 'admin'" }
      }
    },
    "feed": { ".read": "query.orderByChild === 'at' && query.limitToLast <= 20" },
    "profile": { "$uid": { ".write": "auth.uid === $uid", ".validate": "newData.hasChildren(['name'])", "name": { ".validate": "newData.isString()" } } }
  }
}`);

function tree(json: unknown): DataNode | null {
  return fromJSON(json, null, NOW);
}

function write(
  root: DataNode | null,
  auth: AuthVariable | null,
  writes: { path: string; value: unknown }[],
): boolean {
  const entries = writes.map(({ path, value }) => ({
    segments: path.split('/') as Segments,
    node: fromJSON(value, null, NOW),
    value,
  }));
  return canWrite(RULES, nodeView(root), view(root, overlayOf(entries)), entries, auth, NOW);
}

const data = tree({ groups: { g1: { members: { bob: true } } } });

describe('rules', () => {
  it('drops comments but not what looks like one inside a string', () => {
    expect(
      JSON.parse(stripComments('{ /* c */ "a": "http://x", // end\n "b": "/*no*/" }')),
    ).toEqual({
      a: 'http://x',
      b: '/*no*/',
    });
  });

  it('refuses rules Firebase would refuse', () => {
    expect(() => compileRules('{ "rules": ')).toThrow(RulesError);
    expect(() => compileRules('{ "rules": { ".read": "auth.uid ===" } }')).toThrow(RulesError);
    expect(() => compileRules('{ "rules": { ".read": "1 + 1" } }')).toThrow(RulesError);
  });

  it('reads: auth, data under root, query parameters', () => {
    expect(canRead(RULES, nodeView(data), ['admin'], bob, undefined, NOW)).toBe(true);
    expect(canRead(RULES, nodeView(data), ['admin'], null, undefined, NOW)).toBe(false);
    expect(canRead(RULES, nodeView(data), ['groups', 'g1', 'groupChat'], bob, undefined, NOW)).toBe(
      true,
    );
    expect(
      canRead(RULES, nodeView(data), ['groups', 'g1', 'groupChat'], admin, undefined, NOW),
    ).toBe(false);
    expect(
      canRead(RULES, nodeView(data), ['feed'], bob, { orderByChild: 'at', limitToLast: 20 }, NOW),
    ).toBe(true);
    expect(
      canRead(RULES, nodeView(data), ['feed'], bob, { orderByChild: 'at', limitToLast: 50 }, NOW),
    ).toBe(false);
    expect(canRead(RULES, nodeView(data), ['feed'], bob, undefined, NOW)).toBe(false);
  });

  it('writes: custom claims, data vs newData, now, and .validate', () => {
    expect(write(data, admin, [{ path: 'admin/name', value: 'Ada' }])).toBe(true);
    expect(write(data, bob, [{ path: 'admin/name', value: 'Bob' }])).toBe(false);
    const message = { senderUID: 'bob', timeStamp: NOW };
    expect(write(data, bob, [{ path: 'groups/g1/groupChat/m1', value: message }])).toBe(true);
    expect(
      write(data, bob, [
        { path: 'groups/g1/groupChat/m1', value: { ...message, timeStamp: NOW + 1 } },
      ]),
    ).toBe(false);
    expect(
      write(data, bob, [
        { path: 'groups/g1/groupChat/m1', value: { ...message, senderUID: 'ada' } },
      ]),
    ).toBe(false);
    expect(write(data, bob, [{ path: 'groups/g2/groupChat/m1', value: message }])).toBe(false);
    const withMessage = tree({
      groups: { g1: { members: { bob: true }, groupChat: { m1: message } } },
    });
    expect(write(withMessage, bob, [{ path: 'groups/g1/groupChat/m1', value: message }])).toBe(
      false,
    );
  });

  it('checks every path of a multi-path update against the whole update', () => {
    // Joining a group and posting in the same update: newData shows the new membership (root,
    // the data before the write, would not).
    const join = [
      { path: 'groups/g2/members/ada', value: true },
      { path: 'groups/g2/groupChat/m1', value: { senderUID: 'ada', timeStamp: NOW } },
    ];
    expect(write(data, admin, join)).toBe(true);
    expect(write(data, bob, join)).toBe(false);
  });

  it('validates the ancestors of a deep write and the children of a written node', () => {
    const profile = tree({ profile: { bob: { name: 'Bob' } } });
    expect(write(profile, bob, [{ path: 'profile/bob/age', value: 3 }])).toBe(true);
    expect(write(null, bob, [{ path: 'profile/bob/age', value: 3 }])).toBe(false);
    expect(write(null, bob, [{ path: 'profile/bob', value: { name: 7 } }])).toBe(false);
    expect(write(profile, bob, [{ path: 'profile/bob', value: null }])).toBe(true);
  });

  it('applies .validate at every depth below a written node, not only its children', () => {
    const nested = compileRules(`{
      "rules": {
        "$doc": {
          ".write": true,
          "a": { "b": { ".validate": "newData.hasChildren(['c'])", "c": { "d": { ".validate": "newData.isString()" } } } }
        }
      }
    }`);
    const tryWrite = (value: unknown) => {
      const entries = [{ segments: ['doc'] as Segments, node: fromJSON(value, null, NOW), value }];
      return canWrite(nested, nodeView(null), view(null, overlayOf(entries)), entries, bob, NOW);
    };
    expect(tryWrite({ a: { b: { c: { d: 'ok' } } } })).toBe(true);
    expect(tryWrite({ a: { b: { c: { d: 7 } } } })).toBe(false);
    expect(tryWrite({ a: { b: { x: 1 } } })).toBe(false);
  });
});

describe('hasIndex', () => {
  it('reads .indexOn along literal and wildcard keys', () => {
    expect(hasIndex(RULES, ['groups', 'g7', 'groupChat'], 'timeStamp')).toBe(true);
    expect(hasIndex(RULES, ['groups', 'g7', 'groupChat'], 'senderUID')).toBe(false);
    expect(hasIndex(RULES, ['groups', 'g7'], 'timeStamp')).toBe(false);
    expect(hasIndex(RULES, ['nowhere', 'x'], 'timeStamp')).toBe(false);
    const single = compileRules('{ "rules": { "users": { ".indexOn": "name" } } }');
    expect(hasIndex(single, ['users'], 'name')).toBe(true);
  });
});
