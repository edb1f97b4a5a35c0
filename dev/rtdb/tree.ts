/**
 * The data tree. Branches are mutated in place along the path of a write (so a write under a
 * node with 100 000 children costs the depth of the path, not a copy of the siblings); the
 * subtree a write replaces is left detached and intact, so the engine can still read the value
 * it had while it handles that write. Nothing keeps a detached node beyond one write.
 */
import { isValidKey, nameCompare, type Segments } from './path.js';

export type Primitive = string | number | boolean;
export type Priority = string | number | null;

export interface Leaf {
  readonly kind: 'leaf';
  readonly value: Primitive;
  readonly priority: Priority;
  /** The SDK's node hash, computed on demand (hash.ts). */
  hash: string | null;
}

export interface Branch {
  readonly kind: 'branch';
  /** Never empty: a branch without children is null. */
  readonly children: Map<string, DataNode>;
  readonly priority: Priority;
  hash: string | null;
}

export type DataNode = Leaf | Branch;

export class InvalidDataError extends Error {}

const MAX_STRING_LENGTH = 10 * 1024 * 1024;

export function leaf(value: Primitive, priority: Priority = null): Leaf {
  return { kind: 'leaf', value, priority, hash: null };
}

export function branch(children: Map<string, DataNode>, priority: Priority = null): Branch {
  return { kind: 'branch', children, priority, hash: null };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function resolveServerValue(sv: unknown, existing: DataNode | null, now: number): Primitive {
  if (sv === 'timestamp') return now;
  if (isRecord(sv) && typeof sv.increment === 'number' && Number.isFinite(sv.increment)) {
    // As the SDK resolves it: a number already there is incremented, anything else is replaced.
    const base =
      existing?.kind === 'leaf' && typeof existing.value === 'number' ? existing.value : 0;
    return base + sv.increment;
  }
  throw new InvalidDataError(`Invalid server value ${JSON.stringify(sv)}`);
}

function toPrimitive(value: unknown, existing: DataNode | null, now: number): Primitive {
  if (typeof value === 'string') {
    if (value.length > MAX_STRING_LENGTH) throw new InvalidDataError('String too long');
    return value;
  }
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new InvalidDataError(`Invalid number ${String(value)}`);
    return value;
  }
  if (isRecord(value) && '.sv' in value) return resolveServerValue(value['.sv'], existing, now);
  throw new InvalidDataError(`Invalid value ${JSON.stringify(value)}`);
}

function toPriority(value: unknown, now: number): Priority {
  if (value === undefined || value === null) return null;
  const resolved = toPrimitive(value, null, now);
  if (typeof resolved === 'boolean')
    throw new InvalidDataError('A priority is a string or a number');
  return resolved;
}

/**
 * Builds a node from JSON as clients send it: export format (`.value`, `.priority`), arrays,
 * server values (`{".sv": "timestamp"}`, `{".sv": {"increment": n}}`) resolved against what is
 * stored at the same place (`existing`). Empty objects and nulls vanish, as in Firebase.
 */
export function fromJSON(json: unknown, existing: DataNode | null, now: number): DataNode | null {
  if (json === null || json === undefined) return null;
  if (!isRecord(json)) return leaf(toPrimitive(json, existing, now));
  if ('.sv' in json) return leaf(toPrimitive(json, existing, now));
  const priority = toPriority(json['.priority'], now);
  if ('.value' in json) {
    const value = json['.value'];
    return value === null ? null : leaf(toPrimitive(value, existing, now), priority);
  }
  const children = new Map<string, DataNode>();
  for (const [key, value] of Object.entries(json)) {
    if (key === '.priority') continue;
    if (!isValidKey(key)) throw new InvalidDataError(`Invalid key ${JSON.stringify(key)}`);
    const before = existing?.kind === 'branch' ? (existing.children.get(key) ?? null) : null;
    const child = fromJSON(value, before, now);
    if (child !== null) children.set(key, child);
  }
  return children.size === 0 ? null : branch(children, priority);
}

/** The wire and persistence format: plain JSON plus `.priority`/`.value` where a priority is set. */
export function toWire(node: DataNode | null): unknown {
  if (node === null) return null;
  if (node.kind === 'leaf') {
    return node.priority === null
      ? node.value
      : { '.value': node.value, '.priority': node.priority };
  }
  const out: Record<string, unknown> = {};
  for (const [key, child] of node.children) out[key] = toWire(child);
  if (node.priority !== null) out['.priority'] = node.priority;
  return out;
}

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

/**
 * The value as the SDK's `val()` (and Firebase's REST API) gives it: no priorities, and
 * objects whose keys are all small integers become arrays.
 */
export function toValue(node: DataNode | null): unknown {
  if (node === null) return null;
  if (node.kind === 'leaf') return node.value;
  const out: Record<string, unknown> = {};
  let maxIndex = 0;
  let allIndexes = true;
  for (const [key, child] of node.children) {
    out[key] = toValue(child);
    if (allIndexes && ARRAY_INDEX.test(key)) maxIndex = Math.max(maxIndex, Number(key));
    else allIndexes = false;
  }
  if (!allIndexes || maxIndex >= 2 * node.children.size) return out;
  const array: unknown[] = [];
  for (let i = 0; i <= maxIndex; i++) array.push(out[String(i)] ?? null);
  return array;
}

export function getChild(node: DataNode | null, segments: Segments): DataNode | null {
  let current = node;
  for (const key of segments) {
    if (current === null || current.kind === 'leaf') return null;
    current = current.children.get(key) ?? null;
  }
  return current;
}

/**
 * Replaces the subtree at `segments` with `replacement` and returns the new root. Branches on
 * the way are mutated (and their hashes cleared); emptied branches are pruned. Like the SDK,
 * writing under a leaf turns it into a branch, and removing under a leaf leaves it alone.
 */
export function setChild(
  root: DataNode | null,
  segments: Segments,
  replacement: DataNode | null,
  depth = 0,
): DataNode | null {
  if (depth === segments.length) return replacement;
  const key = segments[depth] as string;
  if (root === null || root.kind === 'leaf') {
    if (replacement === null) return root;
    const child = setChild(null, segments, replacement, depth + 1);
    return child === null ? root : branch(new Map([[key, child]]), root?.priority ?? null);
  }
  const updated = setChild(root.children.get(key) ?? null, segments, replacement, depth + 1);
  if (updated === null) root.children.delete(key);
  else root.children.set(key, updated);
  root.hash = null;
  return root.children.size === 0 ? null : root;
}

/** The same value with another priority (a write to `<path>/.priority`). */
export function withPriority(node: DataNode, priority: Priority): DataNode {
  return node.kind === 'leaf' ? leaf(node.value, priority) : branch(node.children, priority);
}

export function nodesEqual(a: DataNode | null, b: DataNode | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.kind !== b.kind || a.priority !== b.priority) return false;
  if (a.kind === 'leaf') return a.value === (b as Leaf).value;
  const other = (b as Branch).children;
  if (a.children.size !== other.size) return false;
  for (const [key, child] of a.children) {
    if (!nodesEqual(child, other.get(key) ?? null)) return false;
  }
  return true;
}

/** Priority order, as the SDK's PRIORITY_INDEX: no priority, then numbers, then strings; ties by key. */
export function comparePriorities(a: Priority, b: Priority): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return a < b ? -1 : 1;
}

export function childrenInPriorityOrder(node: Branch): [string, DataNode][] {
  return [...node.children].sort(
    ([aKey, a], [bKey, b]) => comparePriorities(a.priority, b.priority) || nameCompare(aKey, bKey),
  );
}
