import type { Db } from '../handlers/ports.js';

type Tree = Record<string, unknown>;

/**
 * An in-memory Realtime Database for unit tests: multi-path updates with null removing a path
 * (and emptied parents), and reads shaped as the real one shapes them, integer keys turned
 * into arrays included. Every update is kept for assertions.
 */
export class MemoryDb implements Db {
  readonly updates: Record<string, unknown>[] = [];
  private root: Tree = {};
  private pushCount = 0;

  constructor(initial: Tree = {}) {
    this.root = structuredClone(initial);
  }

  async get(path: string): Promise<unknown> {
    const value = this.at(path);
    return value === undefined ? null : asFirebaseReturnsIt(structuredClone(value));
  }

  async update(values: Record<string, unknown>): Promise<void> {
    this.updates.push(values);
    for (const [path, value] of Object.entries(values)) this.set(path, value);
  }

  pushKey(): string {
    this.pushCount++;
    return `-push${String(this.pushCount).padStart(6, '0')}`;
  }

  /** The raw value at a path, for assertions. */
  at(path: string): unknown {
    let node: unknown = this.root;
    for (const key of segments(path)) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Tree)[key];
    }
    return node;
  }

  private set(path: string, value: unknown) {
    const keys = segments(path);
    const last = keys.pop();
    if (last === undefined) throw new Error('MemoryDb cannot replace the root');
    const parents: Tree[] = [this.root];
    let node = this.root;
    for (const key of keys) {
      const child = node[key];
      if (child === null || typeof child !== 'object') node[key] = {};
      node = node[key] as Tree;
      parents.push(node);
    }
    if (value !== null) {
      node[last] = structuredClone(value);
      return;
    }
    Reflect.deleteProperty(node, last);
    // Like the real database, a node without children does not exist.
    for (let i = keys.length - 1; i >= 0; i--) {
      const parent = parents[i] as Tree;
      const key = keys[i] as string;
      if (Object.keys(parent[key] as Tree).length === 0) Reflect.deleteProperty(parent, key);
    }
  }
}

function segments(path: string): string[] {
  return path.split('/').filter((key) => key !== '');
}

/** Firebase returns an object as an array when its keys are integers filling most of 0..max. */
function asFirebaseReturnsIt(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const tree = value as Tree;
  for (const key of Object.keys(tree)) tree[key] = asFirebaseReturnsIt(tree[key]);
  const keys = Object.keys(tree);
  const allIntegers = keys.length > 0 && keys.every((key) => /^(0|[1-9]\d*)$/.test(key));
  if (!allIntegers) return tree;
  const max = keys.reduce((highest, key) => Math.max(highest, Number(key)), 0);
  if (keys.length * 2 <= max) return tree;
  return Array.from({ length: max + 1 }, (_, index) => tree[String(index)] ?? null);
}
