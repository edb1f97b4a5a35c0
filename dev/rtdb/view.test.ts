import { describe, expect, it } from 'vitest';
import type { Segments } from './path.js';
import { fromJSON, getChild, setChild, toWire, type DataNode } from './tree.js';
import { nodeView, overlayOf, view, viewAt, viewValue, type TreeView } from './view.js';

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

const KEYS = ['a', 'b', 'c'];

function randomValue(next: () => number, depth: number): unknown {
  if (depth > 2 || next() < 0.35) return pick(next, [null, 1, 'x', true, null]);
  const out: Record<string, unknown> = {};
  for (const key of KEYS) if (next() < 0.6) out[key] = randomValue(next, depth + 1);
  return out;
}

function randomPath(next: () => number): string[] {
  return Array.from({ length: Math.floor(next() * 3) + 1 }, () => pick(next, KEYS));
}

/** Every path of the tree (and some that are not there), compared view against node. */
function expectSameTree(actual: TreeView, expected: DataNode | null, at: Segments = []): void {
  const v = viewAt(actual, at);
  const n = getChild(expected, at);
  expect(v.kind(), at.join('/')).toBe(n === null ? 'null' : n.kind);
  expect(viewValue(v)).toEqual(toWire(n));
  expect(v.keys().sort()).toEqual(n?.kind === 'branch' ? [...n.children.keys()].sort() : []);
  if (at.length < 3) for (const key of KEYS) expectSameTree(actual, expected, [...at, key]);
}

describe('overlay view', () => {
  it('shows the tree a write leaves, without applying it', () => {
    const next = random(3);
    for (let round = 0; round < 300; round++) {
      const base = fromJSON(randomValue(next, 0), null, 0);
      const paths = new Map<string, Segments>();
      for (let i = 0; i < 3; i++) {
        const path = randomPath(next);
        // A write's paths never contain one another (the engine refuses it).
        if (
          [...paths.values()].some(
            (p) => p.join('/').startsWith(path.join('/')) || path.join('/').startsWith(p.join('/')),
          )
        )
          continue;
        paths.set(path.join('/'), path);
      }
      const entries = [...paths.values()].map((segments) => ({
        segments,
        node: fromJSON(randomValue(next, 1), null, 0),
      }));
      const before = JSON.stringify(toWire(base));
      const overlaid = view(base, overlayOf(entries));

      let expected = fromJSON(toWire(base), null, 0);
      for (const { segments, node } of entries) expected = setChild(expected, segments, node);
      expectSameTree(overlaid, expected);
      expect(JSON.stringify(toWire(base))).toBe(before);
    }
  });

  it('without changes is the node itself', () => {
    const base = fromJSON({ a: { b: 1 } }, null, 0);
    expectSameTree(view(base, undefined), base);
    expectSameTree(nodeView(null), null);
  });
});
