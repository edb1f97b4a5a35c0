/**
 * The database itself, without any I/O: namespaces of data, reads, writes checked against the
 * rules, and listens that receive what changed. Transports (WebSocket sessions, REST) call it;
 * it answers through the `Client` they pass.
 */
import type { Identity } from './auth.js';
import { nodeHash } from './hash.js';
import { isAncestorOrSelf, isValidKey, parsePath, pathString, type Segments } from './path.js';
import {
  fromWireQuery,
  indexKey,
  loadsAllData,
  rulesQuery,
  SortedIndex,
  windowKeys,
  windowNode,
  type Query,
  type WireQuery,
} from './query.js';
import { canRead, canWrite, hasIndex, type CompiledRules } from './rules.js';
import type { PendingEvent } from './trigger-events.js';
import {
  fromJSON,
  getChild,
  InvalidDataError,
  nodesEqual,
  setChild,
  toWire,
  withPriority,
  type DataNode,
  type Priority,
} from './tree.js';
import { nodeView, overlayOf, view } from './view.js';

/** A connection that listens: the engine pushes data to it and asks who it is. */
export interface Client {
  identity(): Identity;
  /** A server push: `d` overwrite, `m` merge, `c` listen revoked. */
  push(action: 'd' | 'm' | 'c', body: Record<string, unknown>): void;
}

export type WriteOp =
  | { kind: 'set'; segments: Segments; value: unknown }
  | { kind: 'merge'; segments: Segments; value: Record<string, unknown> };

/** One subtree a write replaces. */
export interface WriteEntry {
  readonly segments: Segments;
  readonly node: DataNode | null;
  /** The JSON the client sent for it (what the rules see as the new value). */
  readonly json: unknown;
}

export type Status =
  | { status: 'ok'; warnings?: string[] }
  | { status: 'permission_denied' }
  | { status: 'datastale' }
  | { status: 'invalid_data'; message: string };

export type ReadResult = { status: 'ok'; node: DataNode | null } | { status: 'permission_denied' };

/**
 * Sees every write applied to a namespace: called before it is applied, it returns what to call
 * once it is, which returns the trigger events the write fires (the trigger dispatcher compares
 * the values around the write).
 */
export interface WriteObserver {
  beforeWrite(
    namespace: string,
    entries: readonly WriteEntry[],
    root: DataNode | null,
    identity: Identity,
  ): ((root: DataNode | null) => readonly PendingEvent[]) | undefined;
}

export interface EngineOptions {
  rulesFor(namespace: string): CompiledRules;
  /**
   * Called with every write as it is applied, and the trigger events it fires, before anyone is
   * told of it (persistence: the write and its events are logged in one record, and what is sent
   * after it waits until the log is on disk).
   */
  onWrite(namespace: string, entries: readonly WriteEntry[], events: readonly PendingEvent[]): void;
  observer?: WriteObserver;
  now(): number;
}

interface SharedIndex {
  readonly segments: Segments;
  readonly index: SortedIndex;
  users: number;
}

interface Listen {
  readonly client: Client;
  readonly segments: Segments;
  /** null: a default listen, which receives every change under its path. */
  readonly query: Query | null;
  /** The query object as the client sent it: a revoke names the listen with it. */
  readonly rawQuery: unknown;
  readonly tag: number | null;
  readonly index: SharedIndex | null;
  /** For a query: the keys of the window last sent. */
  windowKeys: string[];
}

const OK: Status = { status: 'ok' };
const DENIED: Status = { status: 'permission_denied' };

function invalid(message: string): Status {
  return { status: 'invalid_data', message };
}

function checkSegments(segments: Segments, allowPriority: boolean): void {
  segments.forEach((key, i) => {
    const priorityAtEnd = allowPriority && key === '.priority' && i === segments.length - 1;
    if (!priorityAtEnd && !isValidKey(key))
      throw new InvalidDataError(`Invalid key ${JSON.stringify(key)}`);
  });
}

function compareSegments(a: Segments, b: Segments): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

function priorityFromJSON(json: unknown, now: number): Priority {
  const node = fromJSON(json, null, now);
  if (node === null) return null;
  if (node.kind === 'leaf' && typeof node.value !== 'boolean') return node.value;
  throw new InvalidDataError('A priority is a string or a number');
}

export class Namespace {
  private root: DataNode | null;
  private readonly listens = new Set<Listen>();
  private readonly indexes = new Map<string, SharedIndex>();

  constructor(
    readonly name: string,
    initial: DataNode | null,
    private readonly options: EngineOptions,
  ) {
    this.root = initial;
  }

  /** The whole tree, for persistence. Read it; never keep it past the current write. */
  data(): DataNode | null {
    return this.root;
  }

  private allowedToRead(identity: Identity, segments: Segments, query: Query | null): boolean {
    if (identity.kind === 'owner') return true;
    const rules = this.options.rulesFor(this.name);
    return canRead(
      rules,
      nodeView(this.root),
      segments,
      identity.auth,
      rulesQuery(query),
      this.options.now(),
    );
  }

  read(identity: Identity, segments: Segments, query: Query | null): ReadResult {
    if (!this.allowedToRead(identity, segments, query)) return { status: 'permission_denied' };
    const node = getChild(this.root, segments);
    if (query === null || loadsAllData(query)) return { status: 'ok', node };
    return { status: 'ok', node: windowNode(node, windowKeys(node, query)) };
  }

  listen(
    client: Client,
    segments: Segments,
    wire: { query: WireQuery; raw: unknown } | undefined,
    tag: number | undefined,
  ): Status {
    // Only tagged listens are queries; the SDK sends no tag for queries that load all data.
    const query = tag !== undefined && wire !== undefined ? fromWireQuery(wire.query) : null;
    const rawQuery = wire?.raw;
    if (!this.allowedToRead(client.identity(), segments, query)) return DENIED;
    const node = getChild(this.root, segments);
    const path = pathString(segments);
    if (query === null) {
      this.listens.add({
        client,
        segments,
        query,
        rawQuery,
        tag: null,
        index: null,
        windowKeys: [],
      });
      client.push('d', { p: path, d: toWire(node) });
      return OK;
    }
    const index = this.acquireIndex(segments, query);
    const keys = index.index.window(query);
    this.listens.add({
      client,
      segments,
      query,
      rawQuery,
      tag: tag ?? null,
      index,
      windowKeys: keys,
    });
    client.push('d', { p: path, d: toWire(windowNode(node, keys)), t: tag });
    return this.indexed(segments, query) ? OK : { status: 'ok', warnings: ['no_index'] };
  }

  /** Whether the rules declare the index a query orders by (key and priority need none). */
  private indexed(segments: Segments, query: Query): boolean {
    const { index } = query;
    if (index.kind === 'key' || index.kind === 'priority') return true;
    const name = index.kind === 'value' ? '.value' : index.path.join('/');
    return hasIndex(this.options.rulesFor(this.name), segments, name);
  }

  unlisten(client: Client, segments: Segments, tag: number | undefined): void {
    for (const listen of this.listens) {
      const same =
        listen.client === client &&
        (tag !== undefined
          ? listen.tag === tag
          : listen.tag === null && pathString(listen.segments) === pathString(segments));
      if (same) {
        this.removeListen(listen);
        return;
      }
    }
  }

  dropClient(client: Client): void {
    for (const listen of this.listens) if (listen.client === client) this.removeListen(listen);
  }

  /**
   * After the rules or a client's identity changed: revoke the listens no longer allowed, as
   * Firebase does (the client raises a permission-denied cancel).
   */
  recheck(client?: Client): void {
    for (const listen of this.listens) {
      if (client !== undefined && listen.client !== client) continue;
      if (this.allowedToRead(listen.client.identity(), listen.segments, listen.query)) continue;
      this.removeListen(listen);
      const body: Record<string, unknown> = { p: pathString(listen.segments) };
      if (listen.tag !== null) body.q = [listen.rawQuery ?? {}];
      listen.client.push('c', body);
    }
  }

  private acquireIndex(segments: Segments, query: Query): SharedIndex {
    const key = `${pathString(segments)}|${indexKey(query.index)}`;
    let shared = this.indexes.get(key);
    if (shared === undefined) {
      shared = { segments, index: new SortedIndex(query.index), users: 0 };
      shared.index.rebuild(getChild(this.root, segments));
      this.indexes.set(key, shared);
    }
    shared.users++;
    return shared;
  }

  private removeListen(listen: Listen): void {
    this.listens.delete(listen);
    const shared = listen.index;
    if (shared === null || --shared.users > 0) return;
    for (const [key, value] of this.indexes) if (value === shared) this.indexes.delete(key);
  }

  private entriesOf(op: WriteOp, now: number): WriteEntry[] {
    if (op.kind === 'set') return [this.entry(op.segments, op.value, now)];
    checkSegments(op.segments, false);
    const entries = Object.entries(op.value).map(([relative, json]) =>
      this.entry([...op.segments, ...parsePath(relative)], json, now),
    );
    // Sorted key by key, a path's descendants come right after it: neighbours tell overlaps.
    const sorted = entries.map((e) => e.segments).sort(compareSegments);
    for (let i = 1; i < sorted.length; i++) {
      const previous = sorted[i - 1] as Segments;
      if (isAncestorOrSelf(previous, sorted[i] as Segments)) {
        throw new InvalidDataError(
          `Path ${pathString(previous)} is an ancestor of ${pathString(sorted[i] as Segments)}`,
        );
      }
    }
    return entries;
  }

  private entry(segments: Segments, json: unknown, now: number): WriteEntry {
    checkSegments(segments, true);
    if (segments[segments.length - 1] !== '.priority') {
      return { segments, node: fromJSON(json, getChild(this.root, segments), now), json };
    }
    const target = segments.slice(0, -1);
    const existing = getChild(this.root, target);
    const priority = priorityFromJSON(json, now);
    return {
      segments: target,
      node: existing === null ? null : withPriority(existing, priority),
      json,
    };
  }

  /**
   * Checks a write against the rules (unless the identity is the owner or `checkRules` is off)
   * and, for a transaction, against the hash of what the client based it on; then applies it.
   */
  write(
    identity: Identity,
    op: WriteOp,
    options: { checkRules: boolean; hash?: string; dryRun?: boolean },
  ): Status {
    const now = this.options.now();
    let entries: WriteEntry[];
    try {
      entries = this.entriesOf(op, now);
    } catch (error) {
      if (error instanceof InvalidDataError) return invalid(error.message);
      throw error;
    }
    if (options.checkRules && identity.kind !== 'owner') {
      const before = nodeView(this.root);
      const after = view(this.root, overlayOf(entries));
      const writes = entries.map((e) => ({ segments: e.segments, value: e.json }));
      const rules = this.options.rulesFor(this.name);
      if (!canWrite(rules, before, after, writes, identity.auth, now)) return DENIED;
    }
    if (options.hash !== undefined && nodeHash(getChild(this.root, op.segments)) !== options.hash) {
      return { status: 'datastale' };
    }
    if (options.dryRun !== true && entries.length > 0) this.apply(entries, identity);
    return OK;
  }

  private apply(entries: readonly WriteEntry[], identity: Identity): void {
    const olds = entries.map((e) => getChild(this.root, e.segments));
    const afterWrite = this.options.observer?.beforeWrite(this.name, entries, this.root, identity);
    for (const e of entries) this.root = setChild(this.root, e.segments, e.node);
    this.options.onWrite(this.name, entries, afterWrite?.(this.root) ?? []);
    this.updateIndexes(entries);
    for (const listen of this.listens) this.notify(listen, entries, olds);
  }

  private updateIndexes(entries: readonly WriteEntry[]): void {
    for (const shared of this.indexes.values()) {
      const at = shared.segments;
      if (entries.some((e) => isAncestorOrSelf(e.segments, at))) {
        shared.index.rebuild(getChild(this.root, at));
        continue;
      }
      const keys = new Set<string>();
      for (const e of entries) {
        if (isAncestorOrSelf(at, e.segments)) keys.add(e.segments[at.length] as string);
      }
      for (const key of keys) shared.index.update(key, getChild(this.root, [...at, key]));
    }
  }

  private notify(
    listen: Listen,
    entries: readonly WriteEntry[],
    olds: readonly (DataNode | null)[],
  ): void {
    const at = listen.segments;
    const path = pathString(at);
    const covering = entries.findIndex((e) => isAncestorOrSelf(e.segments, at));
    if (covering >= 0) {
      const entry = entries[covering] as WriteEntry;
      const before = getChild(olds[covering] ?? null, at.slice(entry.segments.length));
      const after = getChild(this.root, at);
      this.notifyReplaced(listen, path, before, after);
      return;
    }
    const under = entries.filter((e) => isAncestorOrSelf(at, e.segments));
    if (under.length === 0) return;
    if (listen.query === null) {
      if (under.length === 1) {
        const only = under[0] as WriteEntry;
        listen.client.push('d', { p: pathString(only.segments), d: toWire(only.node) });
        return;
      }
      const merge: Record<string, unknown> = {};
      for (const e of under) merge[pathString(e.segments.slice(at.length))] = toWire(e.node);
      listen.client.push('m', { p: path, d: merge });
      return;
    }
    // A query: send what entered, left or changed in its window, in one merge (the SDK applies
    // the children already in view first, so a full window makes room before it grows).
    const changed = new Set(under.map((e) => e.segments[at.length] as string));
    const keys = (listen.index as SharedIndex).index.window(listen.query);
    const previous = new Set(listen.windowKeys);
    const current = new Set(keys);
    const diff: Record<string, unknown> = {};
    for (const key of previous) if (!current.has(key)) diff[key] = null;
    for (const key of keys) {
      if (!previous.has(key) || changed.has(key))
        diff[key] = toWire(getChild(this.root, [...at, key]));
    }
    listen.windowKeys = keys;
    if (Object.keys(diff).length > 0) listen.client.push('m', { p: path, d: diff, t: listen.tag });
  }

  private notifyReplaced(
    listen: Listen,
    path: string,
    before: DataNode | null,
    after: DataNode | null,
  ): void {
    if (listen.query === null) {
      if (!nodesEqual(before, after)) listen.client.push('d', { p: path, d: toWire(after) });
      return;
    }
    const keys = (listen.index as SharedIndex).index.window(listen.query);
    const oldWindow = windowNode(before, listen.windowKeys);
    const newWindow = windowNode(after, keys);
    listen.windowKeys = keys;
    if (!nodesEqual(oldWindow, newWindow)) {
      listen.client.push('d', { p: path, d: toWire(newWindow), t: listen.tag });
    }
  }
}

/** All namespaces, created on first use. */
export class Engine {
  private readonly namespaces = new Map<string, Namespace>();

  constructor(
    private readonly options: EngineOptions,
    initial: ReadonlyMap<string, DataNode | null> = new Map(),
  ) {
    for (const [name, root] of initial)
      this.namespaces.set(name, new Namespace(name, root, options));
  }

  namespace(name: string): Namespace {
    let ns = this.namespaces.get(name);
    if (ns === undefined) {
      ns = new Namespace(name, null, this.options);
      this.namespaces.set(name, ns);
    }
    return ns;
  }

  all(): Iterable<Namespace> {
    return this.namespaces.values();
  }
}
