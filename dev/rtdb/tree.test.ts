import { describe, expect, it } from 'vitest';
import { nodeHash } from './hash.js';
import {
  fromJSON,
  getChild,
  InvalidDataError,
  nodesEqual,
  setChild,
  toValue,
  toWire,
  type DataNode,
} from './tree.js';

const NOW = 1_700_000_000_000;

function node(json: unknown): DataNode | null {
  return fromJSON(json, null, NOW);
}

describe('fromJSON', () => {
  it('resolves server values against what is stored at the same place', () => {
    const existing = node({ count: 41, label: 'x' });
    const built = fromJSON(
      {
        at: { '.sv': 'timestamp' },
        count: { '.sv': { increment: 1 } },
        label: { '.sv': { increment: 2 } },
      },
      existing,
      NOW,
    );
    expect(toWire(built)).toEqual({ at: NOW, count: 42, label: 2 });
    expect(toWire(fromJSON({ '.sv': { increment: 3 } }, null, NOW))).toBe(3);
  });

  it('drops nulls and empty objects, turns arrays into indexed children', () => {
    expect(node({})).toBeNull();
    expect(node({ a: null, b: {} })).toBeNull();
    expect(toWire(node({ a: { b: null }, c: 1 }))).toEqual({ c: 1 });
    expect(toWire(node(['x', null, 'z']))).toEqual({ 0: 'x', 2: 'z' });
  });

  it('reads the export format', () => {
    expect(toWire(node({ '.value': 5, '.priority': 'p' }))).toEqual({
      '.value': 5,
      '.priority': 'p',
    });
    expect(toWire(node({ a: 1, '.priority': 2 }))).toEqual({ a: 1, '.priority': 2 });
    expect(node({ '.value': null, '.priority': 1 })).toBeNull();
  });

  it('refuses what Firebase refuses', () => {
    expect(() => node({ 'a.b': 1 })).toThrow(InvalidDataError);
    expect(() => node({ a: Number.NaN })).toThrow(InvalidDataError);
    expect(() => node({ a: { '.sv': 'later' } })).toThrow(InvalidDataError);
    expect(() => node({ a: 1, '.priority': true })).toThrow(InvalidDataError);
  });
});

describe('toValue', () => {
  it('gives arrays where the SDK would (small integer keys, dense enough)', () => {
    expect(toValue(node({ 0: 'a', 1: 'b', 3: 'd' }))).toEqual(['a', 'b', null, 'd']);
    expect(toValue(node({ 0: 'a', 9: 'j' }))).toEqual({ 0: 'a', 9: 'j' });
    expect(toValue(node({ 0: 'a', x: 'y' }))).toEqual({ 0: 'a', x: 'y' });
    expect(toValue(node({ a: { '.value': 1, '.priority': 3 } }))).toEqual({ a: 1 });
  });
});

describe('setChild', () => {
  it('creates the path, and prunes ancestors left empty by a removal', () => {
    let root = setChild(null, ['a', 'b', 'c'], node(1));
    root = setChild(root, ['a', 'x'], node(2));
    expect(toWire(root)).toEqual({ a: { b: { c: 1 }, x: 2 } });
    root = setChild(root, ['a', 'b', 'c'], null);
    expect(toWire(root)).toEqual({ a: { x: 2 } });
    root = setChild(root, ['a', 'x'], null);
    expect(root).toBeNull();
  });

  it('turns a leaf into a branch when written under, and keeps it when removing under it', () => {
    const leaf = node(5);
    expect(toWire(setChild(leaf, ['k'], null))).toBe(5);
    expect(toWire(setChild(leaf, ['k'], node('v')))).toEqual({ k: 'v' });
  });

  it('leaves the replaced subtree intact, and clears hashes along the path', () => {
    const root = node({ users: { u1: { name: 'a' }, u2: { name: 'b' } } });
    const before = getChild(root, ['users', 'u1']);
    const hashBefore = nodeHash(root);
    const updated = setChild(root, ['users', 'u1'], node({ name: 'c' }));
    expect(toWire(before)).toEqual({ name: 'a' });
    expect(nodeHash(updated)).not.toBe(hashBefore);
    expect(nodeHash(updated)).toBe(
      nodeHash(node({ users: { u1: { name: 'c' }, u2: { name: 'b' } } })),
    );
  });
});

describe('nodesEqual', () => {
  it('compares values and priorities', () => {
    expect(nodesEqual(node({ a: 1, b: { c: 'x' } }), node({ b: { c: 'x' }, a: 1 }))).toBe(true);
    expect(nodesEqual(node({ a: 1 }), node({ a: '1' }))).toBe(false);
    expect(nodesEqual(node({ '.value': 1, '.priority': 1 }), node(1))).toBe(false);
    expect(nodesEqual(null, node({ a: 1 }))).toBe(false);
  });
});
