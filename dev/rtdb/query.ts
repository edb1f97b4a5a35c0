/**
 * Queries evaluated on the server as Firebase does: an index (key, value, priority or a child
 * path), a range of "posts" (value + key name, inclusive or not) and a limit from either end.
 * Ordering follows the SDK's indexes: null < false < true < numbers < strings < objects, ties
 * broken by key name.
 */
import { z } from 'zod';
import { MAX_NAME, MIN_NAME, nameCompare, parsePath } from './path.js';
import { branch, getChild, type DataNode, type Primitive } from './tree.js';

export type IndexSpec =
  { kind: 'priority' } | { kind: 'key' } | { kind: 'value' } | { kind: 'child'; path: string[] };

export interface Bound {
  value: Primitive | null;
  /** Key name for ties; absent means "from the first" (start) or "to the last" (end). */
  name: string | undefined;
  inclusive: boolean;
}

export interface Query {
  index: IndexSpec;
  start: Bound | undefined;
  end: Bound | undefined;
  limit: { count: number; fromLeft: boolean } | undefined;
}

export const boundValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** The query object the SDK sends (queryParamsGetQueryObject). */
export const wireQuerySchema = z.object({
  sp: boundValue.optional(),
  sn: z.string().optional(),
  sin: z.boolean().optional(),
  ep: boundValue.optional(),
  en: z.string().optional(),
  ein: z.boolean().optional(),
  l: z.number().int().nonnegative().optional(),
  vf: z.enum(['l', 'r']).optional(),
  i: z.string().optional(),
});
export type WireQuery = z.infer<typeof wireQuerySchema>;

/** An index by the name the SDK sends (`.key`, `.value`, `.priority` or a child path). */
export function indexFromName(name: string | undefined): IndexSpec {
  if (name === undefined || name === '.priority') return { kind: 'priority' };
  if (name === '.key') return { kind: 'key' };
  if (name === '.value') return { kind: 'value' };
  return { kind: 'child', path: parsePath(name) };
}

export function fromWireQuery(wire: WireQuery): Query {
  const start: Bound | undefined =
    'sp' in wire
      ? { value: wire.sp ?? null, name: wire.sn, inclusive: wire.sin ?? true }
      : undefined;
  const end: Bound | undefined =
    'ep' in wire
      ? { value: wire.ep ?? null, name: wire.en, inclusive: wire.ein ?? true }
      : undefined;
  const limit =
    wire.l === undefined
      ? undefined
      : { count: wire.l, fromLeft: wire.vf === undefined ? start !== undefined : wire.vf === 'l' };
  return { index: indexFromName(wire.i), start, end, limit };
}

export function loadsAllData(query: Query): boolean {
  return query.start === undefined && query.end === undefined && query.limit === undefined;
}

/** A stable name for an index, to share one sorted index between listens. */
export function indexKey(spec: IndexSpec): string {
  return spec.kind === 'child' ? `child:${spec.path.join('/')}` : spec.kind;
}

/** What an index sorts by: [rank, value]. Ranks: 0 null, 1 boolean, 2 number, 3 string, 4 object, 5 max. */
export type SortValue =
  | readonly [0]
  | readonly [1, boolean]
  | readonly [2, number]
  | readonly [3, string]
  | readonly [4]
  | readonly [5];

const NULL_SORT: SortValue = [0];
const MAX_SORT: SortValue = [5];

function sortOfPrimitive(value: Primitive | null): SortValue {
  if (value === null) return NULL_SORT;
  if (typeof value === 'boolean') return [1, value];
  if (typeof value === 'number') return [2, value];
  return [3, value];
}

function sortOfNode(node: DataNode | null): SortValue {
  if (node === null) return NULL_SORT;
  return node.kind === 'leaf' ? sortOfPrimitive(node.value) : [4];
}

export function sortValueOf(spec: IndexSpec, child: DataNode): SortValue {
  switch (spec.kind) {
    case 'key':
      return NULL_SORT;
    case 'priority':
      return sortOfPrimitive(child.priority);
    case 'value':
      return sortOfNode(child);
    case 'child':
      return sortOfNode(getChild(child, spec.path));
  }
}

function compareSort(a: SortValue, b: SortValue): number {
  if (a[0] !== b[0]) return a[0] - b[0];
  const x = a[1];
  const y = b[1];
  if (x === undefined || y === undefined || x === y) return 0;
  return x < y ? -1 : 1;
}

interface Post {
  readonly sort: SortValue;
  readonly name: string;
}

function comparePosts(keyOnly: boolean, a: Post, b: Post): number {
  return (keyOnly ? 0 : compareSort(a.sort, b.sort)) || nameCompare(a.name, b.name);
}

function startPost(query: Query): Post {
  const { start } = query;
  if (start === undefined) return { sort: NULL_SORT, name: MIN_NAME };
  if (query.index.kind === 'key') return { sort: NULL_SORT, name: String(start.value) };
  return { sort: sortOfPrimitive(start.value), name: start.name ?? MIN_NAME };
}

function endPost(query: Query): Post {
  const { end } = query;
  if (end === undefined) return { sort: MAX_SORT, name: MAX_NAME };
  if (query.index.kind === 'key') return { sort: NULL_SORT, name: String(end.value) };
  return { sort: sortOfPrimitive(end.value), name: end.name ?? MAX_NAME };
}

/**
 * The children of one node, kept sorted by one index, so that a query's window is a binary
 * search away and a write to one child moves one entry.
 */
export class SortedIndex {
  private entries: Post[] = [];
  private readonly byKey = new Map<string, Post>();
  private readonly keyOnly: boolean;

  constructor(readonly spec: IndexSpec) {
    this.keyOnly = spec.kind === 'key';
  }

  private compare = (a: Post, b: Post): number => comparePosts(this.keyOnly, a, b);

  /** First position whose entry is not below `post` (or above it, when `after`). */
  private search(post: Post, after: boolean): number {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.compare(this.entries[mid] as Post, post);
      if (c < 0 || (after && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  rebuild(node: DataNode | null): void {
    this.byKey.clear();
    this.entries = [];
    if (node === null || node.kind === 'leaf') return;
    for (const [key, child] of node.children) {
      const entry = { sort: sortValueOf(this.spec, child), name: key };
      this.byKey.set(key, entry);
      this.entries.push(entry);
    }
    this.entries.sort(this.compare);
  }

  /** The child `key` now holds `child` (null: it is gone). */
  update(key: string, child: DataNode | null): void {
    const old = this.byKey.get(key);
    if (old !== undefined) {
      this.entries.splice(this.search(old, false), 1);
      this.byKey.delete(key);
    }
    if (child === null) return;
    const entry = { sort: sortValueOf(this.spec, child), name: key };
    this.entries.splice(this.search(entry, false), 0, entry);
    this.byKey.set(key, entry);
  }

  /** The keys of the query's window, in index order. */
  window(query: Query): string[] {
    let from = this.search(startPost(query), !(query.start?.inclusive ?? true));
    let to = this.search(endPost(query), query.end?.inclusive ?? true);
    if (to < from) to = from;
    if (query.limit !== undefined) {
      if (query.limit.fromLeft) to = Math.min(to, from + query.limit.count);
      else from = Math.max(from, to - query.limit.count);
    }
    return this.entries.slice(from, to).map((entry) => entry.name);
  }
}

/** A query's window over a node, for a one-off read (no index kept). */
export function windowKeys(node: DataNode | null, query: Query): string[] {
  const index = new SortedIndex(query.index);
  index.rebuild(node);
  return index.window(query);
}

/** A query's result as one node: the window's children, without the node's priority. */
export function windowNode(node: DataNode | null, keys: readonly string[]): DataNode | null {
  if (node === null || node.kind === 'leaf' || keys.length === 0) return null;
  const children = new Map<string, DataNode>();
  for (const key of keys) {
    const child = node.children.get(key);
    if (child !== undefined) children.set(key, child);
  }
  return branch(children);
}

/** The query in the shape targaryen exposes to rules as `query.*`. */
export function rulesQuery(query: Query | null): Record<string, unknown> | undefined {
  if (query === null) return undefined;
  const out: Record<string, unknown> = {};
  const { index } = query;
  if (index.kind === 'key') out.orderByKey = true;
  else if (index.kind === 'value') out.orderByValue = true;
  else if (index.kind === 'priority') out.orderByPriority = true;
  else out.orderByChild = index.path.join('/');
  const { start, end } = query;
  if (start !== undefined) out.startAt = start.value;
  if (end !== undefined) out.endAt = end.value;
  if (
    start !== undefined &&
    end !== undefined &&
    start.inclusive &&
    end.inclusive &&
    start.value === end.value
  ) {
    out.equalTo = start.value;
  }
  if (query.limit !== undefined) {
    out[query.limit.fromLeft ? 'limitToFirst' : 'limitToLast'] = query.limit.count;
  }
  return out;
}
