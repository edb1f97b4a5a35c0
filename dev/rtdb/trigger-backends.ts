/**
 * The Functions emulator's side of the database triggers: the triggers its `GET /backends`
 * lists, and posting an event to one of them. The dispatcher (`triggers.ts`) decides when.
 */
import { z } from 'zod';
import { parsePattern, type PatternSegment } from './trigger-patterns.js';

const EVENT_PREFIX = 'google.firebase.database.ref.v1.';
const CHANGE_KINDS = ['created', 'updated', 'deleted', 'written'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface DatabaseTrigger {
  /** `<region>-<name>`, as the Functions emulator names it. */
  id: string;
  eventType: string;
  change: ChangeKind;
  ref: string;
  pattern: PatternSegment[];
  instance: string;
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

const BACKENDS_TIMEOUT_MS = 2000;
/** A function runs for at most 60 s by default; an answer later than that will not come. */
const DELIVERY_TIMEOUT_MS = 70_000;

/** The Functions emulator's answer to an event: any answer means the function ran to its end. */
export interface TriggerAnswer {
  ok: boolean;
  status: number;
  text: string;
}

/** The trigger endpoints of one Functions emulator. */
export class FunctionsTriggers {
  /** Trigger id → the key the Functions emulator registered it under (`<id>-<generation>`). */
  private readonly keys = new Map<string, string>();

  constructor(
    private readonly fetch: typeof globalThis.fetch,
    private readonly functionsUrl: string,
    private readonly projectId: string,
  ) {}

  /** The database triggers the Functions emulator has loaded; throws when it cannot tell. */
  async list(): Promise<DatabaseTrigger[]> {
    const res = await this.fetch(`${this.functionsUrl}/backends`, {
      signal: AbortSignal.timeout(BACKENDS_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return triggersOfBackends(await res.json());
  }

  /** Posts `event` to `trigger`; throws when no answer comes. */
  async post(trigger: string, event: unknown): Promise<TriggerAnswer> {
    const body = JSON.stringify(event);
    const send = (key: string) =>
      this.fetch(`${this.functionsUrl}/functions/projects/${this.projectId}/triggers/${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/cloudevents+json' },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
    let res = await send(this.keys.get(trigger) ?? `${trigger}-0`);
    let text = await res.text();
    if (res.status === 404) {
      // The emulator adds a generation to the id after a full reload; its 404 lists the ids.
      const id = trigger.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const valid = text.split('valid functions are:')[1] ?? '';
      const listed = new RegExp(`${id}-\\d+`).exec(valid);
      if (listed !== null) {
        this.keys.set(trigger, listed[0]);
        res = await send(listed[0]);
        text = await res.text();
      }
    }
    return { ok: res.ok, status: res.status, text };
  }
}
