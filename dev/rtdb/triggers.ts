/**
 * Database triggers of the Functions emulator, fired by our writes. The Functions emulator only
 * registers database triggers with a Database emulator it started itself (which cannot run here),
 * but it runs one when the event is posted to it: so we read its triggers from `GET /backends`
 * and post each matching change as the CloudEvent production would send
 * (`google.firebase.database.ref.v1.created` and friends, `data: {data: before, delta}`).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { eventAuth, type Identity } from './auth.js';
import type { WriteEntry, WriteObserver } from './engine.js';
import { parsePath, pathString, type Segments } from './path.js';
import { fromJSON, getChild, setChild, toValue, toWire, type DataNode } from './tree.js';

export interface TriggerOptions {
  /** The Functions emulator, e.g. http://127.0.0.1:5001 */
  functionsUrl: string;
  projectId: string;
  /** Only writes to this namespace fire triggers (rules tests use others). */
  namespace: string;
  /**
   * The caller says when the Functions emulator has loaded the functions (`functionsLoaded()`):
   * until then it lists no triggers, so the events of writes are held, not dropped. Without it,
   * the first trigger list read counts.
   */
  waitForLoad?: boolean;
}

export interface TriggerLogger {
  info(message: string): void;
  warn(message: string): void;
}

const EVENT_PREFIX = 'google.firebase.database.ref.v1.';
const CHANGE_KINDS = ['created', 'updated', 'deleted', 'written'] as const;
type ChangeKind = (typeof CHANGE_KINDS)[number];

type PatternSegment =
  { kind: 'literal'; value: string } | { kind: 'single'; glob: RegExp | null } | { kind: 'multi' };

export interface DatabaseTrigger {
  /** `<region>-<name>`, as the Functions emulator names it. */
  id: string;
  eventType: string;
  change: ChangeKind;
  ref: string;
  pattern: PatternSegment[];
  instance: string;
}

/** Eventarc path patterns: `{id}`, `{id=*}`, `*` one segment; `{path=**}`, `**` any number. */
export function parsePattern(ref: string): PatternSegment[] {
  return parsePath(ref).map((segment) => {
    const capture = /^\{[^/{}=]+(=(\*\*?))?\}$/.exec(segment);
    if (capture) return capture[2] === '**' ? { kind: 'multi' } : { kind: 'single', glob: null };
    if (segment === '**') return { kind: 'multi' };
    if (segment === '*') return { kind: 'single', glob: null };
    if (segment.includes('*')) return { kind: 'single', glob: globToRegExp(segment) };
    return { kind: 'literal', value: segment };
  });
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${escaped}$`);
}

function segmentMatches(segment: PatternSegment, key: string): boolean {
  if (segment.kind === 'literal') return segment.value === key;
  if (segment.kind === 'single') return segment.glob === null || segment.glob.test(key);
  return true;
}

function childKeys(nodes: readonly (DataNode | null)[]): Set<string> {
  const keys = new Set<string>();
  for (const node of nodes)
    if (node?.kind === 'branch') for (const key of node.children.keys()) keys.add(key);
  return keys;
}

/**
 * The paths matching `pattern` that a write replacing the subtree at `at` can change: the
 * matching ancestors of `at` (or `at` itself), and the matching descendants found in the
 * subtree before (`trees[0]`) or after (`trees[1]`) the write.
 */
export function candidatePaths(
  pattern: readonly PatternSegment[],
  at: Segments,
  trees: readonly (DataNode | null)[],
): Segments[] {
  const found = new Map<string, Segments>();
  const add = (segments: Segments) => found.set(pathString(segments), segments);

  const below = (p: number, prefix: Segments, nodes: readonly (DataNode | null)[]): void => {
    if (nodes.every((n) => n === null)) return;
    if (p === pattern.length) {
      add(prefix);
      return;
    }
    const segment = pattern[p] as PatternSegment;
    if (segment.kind === 'literal') {
      below(
        p + 1,
        [...prefix, segment.value],
        nodes.map((n) => getChild(n, [segment.value])),
      );
      return;
    }
    if (segment.kind === 'multi') below(p + 1, prefix, nodes);
    for (const key of childKeys(nodes)) {
      if (!segmentMatches(segment, key)) continue;
      const children = nodes.map((n) => getChild(n, [key]));
      below(segment.kind === 'multi' ? p : p + 1, [...prefix, key], children);
    }
  };

  const along = (p: number, s: number): void => {
    if (p === pattern.length) {
      add(at.slice(0, s));
      return;
    }
    if (s === at.length) {
      below(p, at, trees);
      return;
    }
    const segment = pattern[p] as PatternSegment;
    if (segment.kind === 'multi') {
      along(p + 1, s);
      along(p, s + 1);
    } else if (segmentMatches(segment, at[s] as string)) {
      along(p + 1, s + 1);
    }
  };

  along(0, 0);
  return [...found.values()];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  return aKeys.every((key) => key in b && jsonEqual(a[key], b[key]));
}

/**
 * The event's `delta`: what changed, with null for what was removed, so that the SDK's
 * applyChange(before, delta) gives the value after the write.
 */
export function changeDelta(before: unknown, after: unknown): unknown {
  if (!isObject(before) || !isObject(after)) return after;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!jsonEqual(before[key] ?? null, value)) out[key] = changeDelta(before[key] ?? null, value);
  }
  for (const key of Object.keys(before)) if (!(key in after)) out[key] = null;
  return out;
}

export function changeKind(before: unknown, after: unknown): ChangeKind | null {
  if (jsonEqual(before, after)) return null;
  if (before === null) return 'created';
  if (after === null) return 'deleted';
  return 'updated';
}

function instanceMatches(pattern: string, namespace: string): boolean {
  return pattern === '*' || globToRegExp(pattern).test(namespace);
}

const functionTriggerSchema = z.looseObject({
  id: z.string(),
  eventTrigger: z
    .looseObject({
      eventType: z.string(),
      eventFilters: z.record(z.string(), z.unknown()).optional(),
      eventFilterPathPatterns: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});
const backendsSchema = z.object({
  backends: z.array(z.looseObject({ functionTriggers: z.array(functionTriggerSchema).optional() })),
});

/** The database triggers of a `GET /backends` answer. */
export function triggersOfBackends(json: unknown): DatabaseTrigger[] {
  const out: DatabaseTrigger[] = [];
  for (const backend of backendsSchema.parse(json).backends) {
    for (const fn of backend.functionTriggers ?? []) {
      const trigger = fn.eventTrigger;
      if (trigger === undefined || !trigger.eventType.startsWith(EVENT_PREFIX)) continue;
      const change = trigger.eventType.slice(EVENT_PREFIX.length);
      const ref = trigger.eventFilterPathPatterns?.ref ?? trigger.eventFilters?.ref;
      const instance =
        trigger.eventFilters?.instance ?? trigger.eventFilterPathPatterns?.instance ?? '*';
      if (
        !CHANGE_KINDS.includes(change as ChangeKind) ||
        typeof ref !== 'string' ||
        typeof instance !== 'string'
      ) {
        continue;
      }
      out.push({
        id: fn.id,
        eventType: trigger.eventType,
        change: change as ChangeKind,
        ref,
        pattern: parsePattern(ref),
        instance,
      });
    }
  }
  return out;
}

export interface DispatcherDeps {
  fetch: typeof fetch;
  logger: TriggerLogger;
  now(): number;
  /** How often the trigger list is read again (the Functions emulator reloads code). */
  refreshMs?: number;
  /** Events a previous run could not deliver before it stopped; they go first. */
  pending?: readonly PendingEvent[];
  /** Resolves when the writes applied so far are on disk: no push for a write a crash loses. */
  durable?(): Promise<void>;
}

/** An event not yet posted: the trigger it is for, and the CloudEvent. */
export const pendingEventSchema = z.object({
  trigger: z.string(),
  event: z.looseObject({ type: z.string(), ref: z.string() }),
});
export type PendingEvent = z.infer<typeof pendingEventSchema>;

/** A write made before the triggers were known, with its subtrees copied (the tree mutates). */
interface HeldWrite {
  entries: WriteEntry[];
  identity: Identity;
}

/** The database's location in the event; the Functions emulator only runs us-central1 triggers. */
const LOCATION = 'us-central1';
const BACKENDS_TIMEOUT_MS = 2000;
/** A function runs for at most 60 s by default; an answer later than that will not come. */
const DELIVERY_TIMEOUT_MS = 70_000;
const STOP_PATIENCE_MS = 2000;
/**
 * The Functions emulator starts a worker process for each event that arrives while its workers
 * are busy: a burst of 100 chat messages would start 100 Node processes and stall the machine.
 * Events beyond this many wait their turn, in the order they were written.
 */
export const MAX_DELIVERIES_IN_FLIGHT = 4;

function copyNode(node: DataNode | null): DataNode | null {
  return fromJSON(toWire(node), null, 0);
}

export class TriggerDispatcher implements WriteObserver {
  /** null until known: the events of writes until then are held. */
  private triggers: DatabaseTrigger[] | null = null;
  private loaded: boolean;
  private known = '';
  private reachable: boolean | undefined;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private refreshing = false;
  /** The namespace as it was before the first held write, and the held writes in order. */
  private held: { base: DataNode | null; writes: HeldWrite[] } | null = null;
  private readonly queue: PendingEvent[];
  private readonly inFlight = new Set<Promise<void>>();
  private idle: (() => void)[] = [];
  /** Trigger id → the key the Functions emulator registered it under (`<id>-<generation>`). */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly options: TriggerOptions,
    private readonly deps: DispatcherDeps,
  ) {
    this.loaded = options.waitForLoad !== true;
    this.queue = [...(deps.pending ?? [])];
  }

  start(): void {
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.deps.refreshMs ?? 1000);
    this.timer.unref();
  }

  /** The Functions emulator has loaded the functions: the next trigger list read counts. */
  functionsLoaded(): Promise<void> {
    this.loaded = true;
    return this.refresh();
  }

  /**
   * Resolves when every event so far is delivered, or after `patienceMs`; at once when the
   * triggers are not known yet (nothing can be delivered).
   */
  async drain(patienceMs: number): Promise<void> {
    if (this.settled() || this.triggers === null) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.idle.push(resolve);
      timer = setTimeout(resolve, patienceMs);
    });
    clearTimeout(timer);
  }

  private settled(): boolean {
    return this.held === null && this.queue.length === 0 && this.inFlight.size === 0;
  }

  /**
   * Stops reading the trigger list and posting, waits (a little) for the events on their way,
   * and returns those never posted, for the next run.
   */
  async stop(): Promise<PendingEvent[]> {
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    if (this.held !== null) {
      this.deps.logger.warn(
        `rtdb: stopped before the functions were loaded: the trigger events of ${this.held.writes.length} writes are dropped`,
      );
      this.held = null;
    }
    let timer: NodeJS.Timeout | undefined;
    const patience = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STOP_PATIENCE_MS);
    });
    await Promise.race([Promise.all([...this.inFlight]), patience]);
    clearTimeout(timer);
    return this.queue.splice(0);
  }

  async refresh(): Promise<void> {
    if (this.refreshing || !this.loaded || this.stopped) return;
    this.refreshing = true;
    try {
      await this.readTriggers();
    } finally {
      this.refreshing = false;
    }
  }

  private async readTriggers(): Promise<void> {
    let triggers: DatabaseTrigger[];
    try {
      const res = await this.deps.fetch(`${this.options.functionsUrl}/backends`, {
        signal: AbortSignal.timeout(BACKENDS_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      triggers = triggersOfBackends(await res.json());
    } catch (error) {
      if (this.reachable === true) {
        this.deps.logger.warn(
          `rtdb: cannot read the Functions emulator's triggers: ${String(error)}`,
        );
      }
      this.reachable = false;
      return;
    }
    this.reachable = true;
    const first = this.triggers === null;
    this.triggers = triggers;
    const summary = triggers.map((t) => `${t.id} (${t.change} ${t.ref})`).join(', ');
    if (summary !== this.known) {
      this.known = summary;
      this.deps.logger.info(`rtdb: database triggers: ${summary === '' ? 'none' : summary}`);
    }
    if (first) this.release();
  }

  /** The triggers are known: the held writes' events join the queue, in write order. */
  private release(): void {
    const held = this.held;
    this.held = null;
    if (held !== null) {
      let root = held.base;
      for (const { entries, identity } of held.writes) {
        const after = this.eventsOf(entries, root, identity);
        for (const e of entries) root = setChild(root, e.segments, e.node);
        after?.(root);
      }
      this.deps.logger.info(
        `rtdb: the trigger events of ${held.writes.length} writes made before the functions were loaded are on their way`,
      );
    }
    this.pump();
  }

  beforeWrite(
    namespace: string,
    entries: readonly WriteEntry[],
    root: DataNode | null,
    identity: Identity,
  ): ((root: DataNode | null) => void) | undefined {
    if (this.stopped || namespace !== this.options.namespace) return undefined;
    if (this.triggers === null) {
      this.held ??= { base: copyNode(root), writes: [] };
      const copies = entries.map((e) => ({ ...e, node: copyNode(e.node) }));
      this.held.writes.push({ entries: copies, identity });
      return undefined;
    }
    return this.eventsOf(entries, root, identity);
  }

  private eventsOf(
    entries: readonly WriteEntry[],
    root: DataNode | null,
    identity: Identity,
  ): ((root: DataNode | null) => void) | undefined {
    const namespace = this.options.namespace;
    const triggers = (this.triggers ?? []).filter((t) => instanceMatches(t.instance, namespace));
    if (triggers.length === 0) return undefined;

    const candidates = new Map<string, Segments[]>();
    const before = new Map<string, unknown>();
    for (const trigger of triggers) {
      if (candidates.has(trigger.ref)) continue;
      const paths = new Map<string, Segments>();
      for (const entry of entries) {
        const trees = [getChild(root, entry.segments), entry.node];
        for (const path of candidatePaths(trigger.pattern, entry.segments, trees)) {
          paths.set(pathString(path), path);
        }
      }
      candidates.set(trigger.ref, [...paths.values()]);
      // Values before the write, taken now: the write mutates the branches above it.
      for (const [key, path] of paths)
        if (!before.has(key)) before.set(key, toValue(getChild(root, path)));
    }

    return (after) => {
      const values = new Map<string, unknown>();
      for (const trigger of triggers) {
        for (const path of candidates.get(trigger.ref) ?? []) {
          const key = pathString(path);
          if (!values.has(key)) values.set(key, toValue(getChild(after, path)));
          const old = before.get(key) ?? null;
          const kind = changeKind(old, values.get(key) ?? null);
          if (kind === null || (trigger.change !== 'written' && trigger.change !== kind)) continue;
          this.queue.push(this.event(trigger, key, old, values.get(key) ?? null, identity));
        }
      }
      this.pump();
    };
  }

  private event(
    trigger: DatabaseTrigger,
    ref: string,
    before: unknown,
    after: unknown,
    identity: Identity,
  ): PendingEvent {
    const { namespace } = this.options;
    return {
      trigger: trigger.id,
      event: {
        specversion: '1.0',
        id: randomUUID(),
        source: `//firebasedatabase.googleapis.com/projects/_/locations/${LOCATION}/instances/${namespace}`,
        type: trigger.eventType,
        time: new Date(this.deps.now()).toISOString(),
        subject: `refs/${ref}`,
        datacontenttype: 'application/json',
        data: {
          '@type': 'type.googleapis.com/google.events.firebase.database.v1.ReferenceEventData',
          data: before,
          delta: changeDelta(before, after),
        },
        ref,
        instance: namespace,
        firebasedatabasehost: 'firebaseio.com',
        location: LOCATION,
        ...eventAuth(identity),
      },
    };
  }

  /** Posts queued events, in order, while fewer than the maximum are on their way. */
  private pump(): void {
    if (this.stopped || this.triggers === null) return;
    while (this.inFlight.size < MAX_DELIVERIES_IN_FLIGHT && this.queue.length > 0) {
      const delivery = this.deliver(this.queue.shift() as PendingEvent);
      this.inFlight.add(delivery);
      void delivery.finally(() => {
        this.inFlight.delete(delivery);
        this.pump();
        if (this.settled()) for (const resolve of this.idle.splice(0)) resolve();
      });
    }
  }

  private async deliver({ trigger, event }: PendingEvent): Promise<void> {
    const { functionsUrl, projectId } = this.options;
    const body = JSON.stringify(event);
    const post = (key: string) =>
      this.deps.fetch(`${functionsUrl}/functions/projects/${projectId}/triggers/${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/cloudevents+json' },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
    try {
      await this.deps.durable?.();
      let res = await post(this.keys.get(trigger) ?? `${trigger}-0`);
      let answer = await res.text();
      if (res.status === 404) {
        // The emulator adds a generation to the id after a full reload; its 404 lists the ids.
        const id = trigger.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const valid = answer.split('valid functions are:')[1] ?? '';
        const listed = new RegExp(`${id}-\\d+`).exec(valid);
        if (listed !== null) {
          this.keys.set(trigger, listed[0]);
          res = await post(listed[0]);
          answer = await res.text();
        }
      }
      if (!res.ok) {
        this.deps.logger.warn(
          `rtdb: trigger ${trigger} for ${event.ref} answered HTTP ${res.status}: ${answer.slice(0, 300)}`,
        );
      }
    } catch (error) {
      this.deps.logger.warn(
        `rtdb: could not deliver ${event.type} for ${event.ref} to ${trigger}: ${String(error)}`,
      );
    }
  }
}
