/**
 * Which database triggers a write fires, and the CloudEvents they are posted as: the trigger list
 * of the Functions emulator's `GET /backends`, Eventarc path patterns matched against the paths
 * a write changes, and the event production would send
 * (`google.firebase.database.ref.v1.created` and friends, `data: {data: before, delta}`). No I/O:
 * the dispatcher (`triggers.ts`) posts them.
 */
import { z } from 'zod';
import { eventAuth, type Identity } from './auth.js';
import { parsePath, pathString, type Segments } from './path.js';
import { getChild, toValue, type DataNode } from './tree.js';

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

export function instanceMatches(pattern: string, namespace: string): boolean {
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

/** An event to post: the trigger it is for, and the CloudEvent (`id` names it in the log). */
export const pendingEventSchema = z.object({
  trigger: z.string(),
  event: z.looseObject({ id: z.string(), type: z.string(), ref: z.string() }),
});
export type PendingEvent = z.infer<typeof pendingEventSchema>;

/** The database's location in the event; the Functions emulator only runs us-central1 triggers. */
const LOCATION = 'us-central1';

interface EventContext {
  namespace: string;
  identity: Identity;
  /** The CloudEvent's id: a trigger delivered again gets the same one. */
  id(): string;
  now(): number;
}

function cloudEvent(
  trigger: DatabaseTrigger,
  ref: string,
  before: unknown,
  after: unknown,
  context: EventContext,
): PendingEvent {
  const { namespace } = context;
  return {
    trigger: trigger.id,
    event: {
      specversion: '1.0',
      id: context.id(),
      source: `//firebasedatabase.googleapis.com/projects/_/locations/${LOCATION}/instances/${namespace}`,
      type: trigger.eventType,
      time: new Date(context.now()).toISOString(),
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
      ...eventAuth(context.identity),
    },
  };
}

/**
 * The events of a write that replaces each entry's subtree, in two steps: given the namespace
 * before the write, it reads the values the write will change (the tree is mutated in place),
 * and returns what gives the events from the namespace after it.
 */
export function eventsOfWrite(
  triggers: readonly DatabaseTrigger[],
  entries: readonly { segments: Segments; node: DataNode | null }[],
  root: DataNode | null,
  context: EventContext,
): (after: DataNode | null) => PendingEvent[] {
  const mine = triggers.filter((t) => instanceMatches(t.instance, context.namespace));
  const candidates = new Map<string, Segments[]>();
  const before = new Map<string, unknown>();
  for (const trigger of mine) {
    if (candidates.has(trigger.ref)) continue;
    const paths = new Map<string, Segments>();
    for (const entry of entries) {
      const trees = [getChild(root, entry.segments), entry.node];
      for (const path of candidatePaths(trigger.pattern, entry.segments, trees)) {
        paths.set(pathString(path), path);
      }
    }
    candidates.set(trigger.ref, [...paths.values()]);
    for (const [key, path] of paths)
      if (!before.has(key)) before.set(key, toValue(getChild(root, path)));
  }

  return (after) => {
    const events: PendingEvent[] = [];
    const values = new Map<string, unknown>();
    for (const trigger of mine) {
      for (const path of candidates.get(trigger.ref) ?? []) {
        const key = pathString(path);
        if (!values.has(key)) values.set(key, toValue(getChild(after, path)));
        const old = before.get(key) ?? null;
        const value = values.get(key) ?? null;
        const kind = changeKind(old, value);
        if (kind === null || (trigger.change !== 'written' && trigger.change !== kind)) continue;
        events.push(cloudEvent(trigger, key, old, value, context));
      }
    }
    return events;
  };
}
