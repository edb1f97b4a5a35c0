import type { Db } from '../handlers/ports.js';

type Tree = Record<string, unknown>;

/**
 * An in-memory Realtime Database for unit tests: multi-path updates with null removing a path
 * (and emptied parents) and `increment` adding to one, and reads shaped as the real one shapes them, integer keys turned
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

  async page(path: string, { after, limit }: { after?: string; limit: number }) {
    const node = this.at(path);
    if (node === null || typeof node !== 'object') return [];
    return Object.keys(node)
      .sort(compareKeys)
      .filter((key) => after === undefined || compareKeys(key, after) > 0)
      .slice(0, limit)
      .map((key): [string, unknown] => [
        key,
        asFirebaseReturnsIt(structuredClone((node as Tree)[key])),
      ]);
  }

  async transaction(path: string, change: (current: unknown) => unknown) {
    // Read, change and write with no await between them: like the real database's
    // compare-and-set, two transactions at once never both change the same value.
    const read = () => {
      const value = this.at(path);
      return value === undefined ? null : asFirebaseReturnsIt(structuredClone(value));
    };
    const current = read();
    const next = change(current);
    if (next === undefined) return { committed: false, value: current };
    this.updates.push({ [path]: next });
    this.set(path, next);
    return { committed: true, value: read() };
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
      node[last] = structuredClone(incremented(value, node[last]));
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

/** An `increment` server value resolved as the database does: added to a number, else set. */
function incremented(value: unknown, current: unknown): unknown {
  const delta = (value as { '.sv'?: { increment?: unknown } } | null)?.['.sv']?.increment;
  if (typeof delta !== 'number') return value;
  return typeof current === 'number' ? current + delta : delta;
}

const INTEGER_KEY = /^-?(0|[1-9]\d*)$/;
const isIntegerKey = (key: string) => INTEGER_KEY.test(key) && Math.abs(Number(key)) <= 2 ** 31 - 1;

/** The database's key order: 32-bit integer keys first, by value, then the rest as strings. */
function compareKeys(a: string, b: string): number {
  const [aInt, bInt] = [isIntegerKey(a), isIntegerKey(b)];
  if (aInt && bInt) return Number(a) - Number(b);
  if (aInt !== bInt) return aInt ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
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
