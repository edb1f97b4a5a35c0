/**
 * The events a write fires, as the CloudEvents production would send
 * (`google.firebase.database.ref.v1.created` and friends, `data: {data: before, delta}`): the
 * triggers come from `trigger-backends.ts`, the paths they match from `trigger-patterns.ts`.
 * No I/O: the dispatcher (`triggers.ts`) posts them.
 */
import { z } from 'zod';
import { eventAuth, type Identity } from './auth.js';
import { pathString, type Segments } from './path.js';
import type { ChangeKind, DatabaseTrigger } from './trigger-backends.js';
import { candidatePaths, instanceMatches } from './trigger-patterns.js';
import { getChild, toValue, type DataNode } from './tree.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function jsonEqual(a: unknown, b: unknown): boolean {
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
