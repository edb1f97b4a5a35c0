import { describe, expect, it } from 'vitest';
import { OWNER, UNAUTHENTICATED, type Identity } from './auth.js';
import { Engine, type Client, type WriteObserver } from './engine.js';
import { nodeHash } from './hash.js';
import type { WireQuery } from './query.js';
import { compileRules } from './rules.js';
import { fromJSON, getChild, toWire } from './tree.js';

const OPEN = compileRules('{ "rules": { ".read": true, ".write": true } }');

interface Pushed {
  action: string;
  body: Record<string, unknown>;
}

function client(
  identity: Identity = UNAUTHENTICATED,
): Client & { pushed: Pushed[]; who: Identity } {
  const pushed: Pushed[] = [];
  return {
    pushed,
    who: identity,
    identity() {
      return this.who;
    },
    push: (action, body) => pushed.push({ action, body }),
  };
}

/** `changes` gets the namespace of each write applied, then the trigger events logged with it. */
function namespace(rules = OPEN, observer?: WriteObserver, changes: unknown[] = []) {
  const engine = new Engine({
    rulesFor: () => rules,
    onWrite: (ns, _entries, events) => changes.push(ns, ...events),
    observer,
    now: () => 1000,
  });
  return engine.namespace('ns');
}

const set = (path: string, value: unknown) => ({
  kind: 'set' as const,
  segments: path.split('/').filter(Boolean),
  value,
});
const merge = (path: string, value: Record<string, unknown>) => ({
  kind: 'merge' as const,
  segments: path.split('/').filter(Boolean),
  value,
});
const owner = { checkRules: true };

describe('default listens', () => {
  it('get the value, then only what changed under them, one message per write', () => {
    const ns = namespace();
    ns.write(OWNER, set('chat', { m1: 'a' }), owner);
    const c = client();
    expect(ns.listen(c, ['chat'], undefined, undefined)).toEqual({ status: 'ok' });
    expect(c.pushed).toEqual([{ action: 'd', body: { p: 'chat', d: { m1: 'a' } } }]);

    ns.write(OWNER, set('chat/m2', 'b'), owner);
    ns.write(OWNER, merge('', { 'chat/m1': null, 'chat/m3': 'c', 'other/x': 1 }), owner);
    ns.write(OWNER, set('other', 2), owner);
    expect(c.pushed.slice(1)).toEqual([
      { action: 'd', body: { p: 'chat/m2', d: 'b' } },
      { action: 'm', body: { p: 'chat', d: { m1: null, m3: 'c' } } },
    ]);
  });

  it('get the whole value when a write above them changes it, nothing when it does not', () => {
    const ns = namespace();
    ns.write(OWNER, set('a', { b: { c: 1 }, d: 2 }), owner);
    const c = client();
    ns.listen(c, ['a', 'b'], undefined, undefined);
    ns.write(OWNER, set('a', { b: { c: 1 }, d: 3 }), owner);
    ns.write(OWNER, set('', { a: { b: { c: 5 } } }), owner);
    expect(c.pushed.map((p) => p.body)).toEqual([
      { p: 'a/b', d: { c: 1 } },
      { p: 'a/b', d: { c: 5 } },
    ]);
  });

  it('end with unlisten and when the client goes', () => {
    const ns = namespace();
    const c = client();
    ns.listen(c, ['a'], undefined, undefined);
    ns.unlisten(c, ['a'], undefined);
    const d = client();
    ns.listen(d, ['a'], undefined, undefined);
    ns.dropClient(d);
    ns.write(OWNER, set('a', 1), owner);
    expect(c.pushed).toHaveLength(1);
    expect(d.pushed).toHaveLength(1);
  });
});

describe('query listens', () => {
  const wire: WireQuery = { i: 'at', l: 2, vf: 'r' };
  const chat = { m1: { at: 1 }, m2: { at: 2 }, m3: { at: 3 } };

  it('get their window, then a merge of what left (null), entered or changed', () => {
    const ns = namespace();
    ns.write(OWNER, set('chat', chat), owner);
    const c = client();
    ns.listen(c, ['chat'], { query: wire, raw: wire }, 7);
    expect(c.pushed[0]).toEqual({
      action: 'd',
      body: { p: 'chat', d: { m2: { at: 2 }, m3: { at: 3 } }, t: 7 },
    });

    ns.write(OWNER, set('chat/m4', { at: 4 }), owner);
    ns.write(OWNER, set('chat/m1/text', 'not in the window'), owner);
    ns.write(OWNER, set('chat/m3/at', 3.5), owner);
    ns.write(OWNER, set('chat/m4', null), owner);
    expect(c.pushed.slice(1)).toEqual([
      { action: 'm', body: { p: 'chat', d: { m2: null, m4: { at: 4 } }, t: 7 } },
      { action: 'm', body: { p: 'chat', d: { m3: { at: 3.5 } }, t: 7 } },
      { action: 'm', body: { p: 'chat', d: { m4: null, m2: { at: 2 } }, t: 7 } },
    ]);
  });

  it('share one index per path and order, and stay right when one of them goes', () => {
    const ns = namespace();
    ns.write(OWNER, set('chat', chat), owner);
    const a = client();
    const b = client();
    ns.listen(a, ['chat'], { query: wire, raw: wire }, 1);
    ns.listen(b, ['chat'], { query: { i: 'at', l: 1, vf: 'l' }, raw: {} }, 1);
    ns.unlisten(a, ['chat'], 1);
    ns.write(OWNER, set('chat/m0', { at: 0 }), owner);
    expect(b.pushed.at(-1)).toEqual({
      action: 'm',
      body: { p: 'chat', d: { m1: null, m0: { at: 0 } }, t: 1 },
    });
  });

  it('are answered with a no_index warning when the rules declare no index for them', () => {
    const rules = compileRules('{ "rules": { ".read": true, "chat": { ".indexOn": "at" } } }');
    const ns = namespace(rules);
    const c = client();
    expect(ns.listen(c, ['chat'], { query: wire, raw: wire }, 1)).toEqual({ status: 'ok' });
    const byText: WireQuery = { i: 'text', l: 1, vf: 'l' };
    expect(ns.listen(c, ['chat'], { query: byText, raw: byText }, 2)).toEqual({
      status: 'ok',
      warnings: ['no_index'],
    });
    const byKey: WireQuery = { i: '.key', l: 1, vf: 'l' };
    expect(ns.listen(c, ['other'], { query: byKey, raw: byKey }, 3)).toEqual({ status: 'ok' });
  });

  it('get a whole new window when the node is replaced', () => {
    const ns = namespace();
    ns.write(OWNER, set('chat', chat), owner);
    const c = client();
    ns.listen(c, ['chat'], { query: wire, raw: wire }, 3);
    ns.write(OWNER, set('', { chat: { x: { at: 9 } } }), owner);
    expect(c.pushed.at(-1)).toEqual({
      action: 'd',
      body: { p: 'chat', d: { x: { at: 9 } }, t: 3 },
    });
  });
});

describe('writes', () => {
  it('as a transaction apply only on the hash of the current value', () => {
    const ns = namespace();
    ns.write(OWNER, set('n', 1), owner);
    const stale = nodeHash(fromJSON(0, null, 0));
    expect(ns.write(OWNER, set('n', 2), { checkRules: true, hash: stale })).toEqual({
      status: 'datastale',
    });
    const current = nodeHash(getChild(ns.data(), ['n']));
    expect(ns.write(OWNER, set('n', 2), { checkRules: true, hash: current })).toEqual({
      status: 'ok',
    });
    expect(toWire(ns.data())).toEqual({ n: 2 });
  });

  it('refuse invalid data and overlapping update paths', () => {
    const ns = namespace();
    expect(ns.write(OWNER, set('a', { 'b.c': 1 }), owner).status).toBe('invalid_data');
    expect(ns.write(OWNER, merge('', { a: 1, 'a/b': 2 }), owner).status).toBe('invalid_data');
    expect(ns.write(OWNER, merge('', { a: 1, 'a-b': 2, 'a/b': 3 }), owner).status).toBe(
      'invalid_data',
    );
    expect(ns.data()).toBeNull();
  });

  it('set priorities through <path>/.priority', () => {
    const ns = namespace();
    ns.write(OWNER, set('a', { b: 1 }), owner);
    ns.write(OWNER, set('a/.priority', 5), owner);
    expect(toWire(ns.data())).toEqual({ a: { b: 1, '.priority': 5 } });
  });

  it('meet the rules unless made by the owner or already checked', () => {
    const ns = namespace(compileRules('{ "rules": { ".read": false, ".write": false } }'));
    expect(ns.write(UNAUTHENTICATED, set('a', 1), owner)).toEqual({ status: 'permission_denied' });
    expect(ns.write(UNAUTHENTICATED, set('a', 1), { checkRules: false })).toEqual({ status: 'ok' });
    expect(ns.write(OWNER, set('b', 1), owner)).toEqual({ status: 'ok' });
    expect(ns.read(UNAUTHENTICATED, ['a'], null)).toEqual({ status: 'permission_denied' });
  });

  it('dry runs check without applying; applied writes are announced', () => {
    const changes: unknown[] = [];
    const ns = namespace(OPEN, undefined, changes);
    expect(ns.write(UNAUTHENTICATED, set('a', 1), { checkRules: true, dryRun: true })).toEqual({
      status: 'ok',
    });
    expect(ns.data()).toBeNull();
    expect(changes).toEqual([]);
    ns.write(UNAUTHENTICATED, set('a', 1), owner);
    expect(changes).toEqual(['ns']);
  });

  it('show an observer the tree before and after, and log the events it returns with the write', () => {
    const seen: unknown[] = [];
    const event = { trigger: 't', event: { id: 'e1', type: 'created', ref: 'x' } };
    const observer: WriteObserver = {
      beforeWrite: (_ns, entries, root) => {
        seen.push(
          toWire(root),
          entries.map((e) => e.segments.join('/')),
        );
        return (after) => {
          seen.push(toWire(after));
          return [event];
        };
      },
    };
    const logged: unknown[] = [];
    const ns = namespace(OPEN, observer, logged);
    ns.write(OWNER, merge('x', { a: 1, 'b/c': 2 }), owner);
    expect(seen).toEqual([null, ['x/a', 'x/b/c'], { x: { a: 1, b: { c: 2 } } }]);
    expect(logged).toEqual(['ns', event]);
  });
});

describe('recheck', () => {
  it('revokes the listens an identity may no longer read, naming tagged ones by their query', () => {
    const rules = compileRules(
      '{ "rules": { "private": { ".read": "auth != null" }, "public": { ".read": true } } }',
    );
    const ns = namespace(rules);
    const c = client({ kind: 'user', auth: { uid: 'u' } });
    const raw: WireQuery = { i: 'at', l: 1, vf: 'l' };
    ns.listen(c, ['private'], undefined, undefined);
    ns.listen(c, ['private', 'q'], { query: raw, raw }, 4);
    ns.listen(c, ['public'], undefined, undefined);
    c.who = UNAUTHENTICATED;
    ns.recheck(c);
    expect(c.pushed.filter((p) => p.action === 'c').map((p) => p.body)).toEqual([
      { p: 'private' },
      { p: 'private/q', q: [raw] },
    ]);
    ns.write(OWNER, set('private/x', 1), owner);
    expect(c.pushed.filter((p) => p.action !== 'c').map((p) => p.body.p)).toEqual([
      'private',
      'private/q',
      'public',
    ]);
  });
});
