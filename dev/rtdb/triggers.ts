/**
 * Database triggers of the Functions emulator, fired by our writes. The Functions emulator only
 * registers database triggers with a Database emulator it started itself (which cannot run here),
 * but it runs one when the event is posted to it: so we read its triggers from `GET /backends`
 * and post each matching change as the CloudEvent production would send (`trigger-events.ts`)
 * through its trigger endpoints (`trigger-backends.ts`).
 * Delivery is at least once: an event is logged with its write and marked done once the Functions
 * emulator has answered it, and whatever a stop or a crash left undone is posted again at the next
 * start (the product's handlers claim each push and count, so a second delivery changes nothing).
 */
import { randomUUID } from 'node:crypto';
import type { Identity } from './auth.js';
import type { WriteEntry, WriteObserver } from './engine.js';
import { FunctionsTriggers, type DatabaseTrigger } from './trigger-backends.js';
import { eventsOfWrite, type PendingEvent } from './trigger-events.js';
import { fromJSON, setChild, toWire, type DataNode } from './tree.js';

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

export interface DispatcherDeps {
  fetch: typeof fetch;
  logger: TriggerLogger;
  now(): number;
  /** How often the trigger list is read again (the Functions emulator reloads code). */
  refreshMs?: number;
  /** Events the log holds undelivered from a previous run; they go first. */
  pending?: readonly PendingEvent[];
  /** Resolves when the writes applied so far are on disk: no push for a write a crash loses. */
  durable?(): Promise<void>;
  /**
   * Logs events that no write's record holds: those of the writes made before the triggers were
   * known, worked out once they are.
   */
  logEvents?(events: readonly PendingEvent[]): void;
  /** Logs that the Functions emulator answered an event: it is not posted again. */
  logDone?(id: string): void;
}

/** A write made before the triggers were known, with its subtrees copied (the tree mutates). */
interface HeldWrite {
  entries: WriteEntry[];
  identity: Identity;
}

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
  /** Set by stop: nothing more is posted. */
  private stopped = false;
  /** Set once stop has waited: answers after that are not logged (the log is closing). */
  private closed = false;
  private refreshing = false;
  /** The namespace as it was before the first held write, and the held writes in order. */
  private held: { base: DataNode | null; writes: HeldWrite[] } | null = null;
  /** Every event logged and not yet answered, in write order, by CloudEvent id. */
  private readonly undelivered = new Map<string, PendingEvent>();
  /** Those of them not posted yet. */
  private readonly queue: PendingEvent[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private idle: (() => void)[] = [];
  private readonly functions: FunctionsTriggers;

  constructor(
    private readonly options: TriggerOptions,
    private readonly deps: DispatcherDeps,
  ) {
    this.loaded = options.waitForLoad !== true;
    this.functions = new FunctionsTriggers(deps.fetch, options.functionsUrl, options.projectId);
    this.enqueue(deps.pending ?? []);
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

  /** Events now in the log (with their write, or on their own): they are posted in turn. */
  enqueue(events: readonly PendingEvent[]): void {
    for (const pending of events) {
      this.undelivered.set(pending.event.id, pending);
      this.queue.push(pending);
    }
    this.pump();
  }

  /** The events logged and not yet answered, which a new log segment carries over. */
  pending(): PendingEvent[] {
    return [...this.undelivered.values()];
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
   * and says how many are left unanswered: the log keeps them for the next start.
   */
  async stop(): Promise<number> {
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
    this.closed = true;
    return this.undelivered.size;
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
      triggers = await this.functions.list();
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

  /** The triggers are known: the held writes' events are logged and queued, in write order. */
  private release(): void {
    const held = this.held;
    this.held = null;
    if (held !== null) {
      const events: PendingEvent[] = [];
      let root = held.base;
      for (const { entries, identity } of held.writes) {
        const after = this.eventsOf(entries, root, identity);
        for (const e of entries) root = setChild(root, e.segments, e.node);
        events.push(...after(root));
      }
      if (events.length > 0) this.deps.logEvents?.(events);
      this.enqueue(events);
      this.deps.logger.info(
        `rtdb: the trigger events of ${held.writes.length} writes made before the functions were loaded are on their way`,
      );
    }
    this.pump();
  }

  /**
   * Before a write: returns what gives its events once it is applied, which the caller logs with
   * the write and then hands to `enqueue`. Until the triggers are known, the write is held instead.
   */
  beforeWrite(
    namespace: string,
    entries: readonly WriteEntry[],
    root: DataNode | null,
    identity: Identity,
  ): ((root: DataNode | null) => PendingEvent[]) | undefined {
    if (this.stopped || namespace !== this.options.namespace) return undefined;
    if (this.triggers === null) {
      this.held ??= { base: copyNode(root), writes: [] };
      const copies = entries.map((e) => ({ ...e, node: copyNode(e.node) }));
      this.held.writes.push({ entries: copies, identity });
      return undefined;
    }
    return this.eventsOf(entries, root, identity);
  }

  private eventsOf(entries: readonly WriteEntry[], root: DataNode | null, identity: Identity) {
    return eventsOfWrite(this.triggers ?? [], entries, root, {
      namespace: this.options.namespace,
      identity,
      id: randomUUID,
      now: this.deps.now,
    });
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

  /**
   * Posts one event. Any answer, an error included, means the function ran to its end: the event
   * is done. Without one (the Functions emulator unreachable, or stopped mid-way), it stays
   * undelivered and is posted again at the next start.
   */
  private async deliver({ trigger, event }: PendingEvent): Promise<void> {
    try {
      await this.deps.durable?.();
      const answer = await this.functions.post(trigger, event);
      if (!answer.ok) {
        this.deps.logger.warn(
          `rtdb: trigger ${trigger} for ${event.ref} answered HTTP ${answer.status}: ${answer.text.slice(0, 300)}`,
        );
      }
      if (!this.closed && this.undelivered.delete(event.id)) this.deps.logDone?.(event.id);
    } catch (error) {
      this.deps.logger.warn(
        `rtdb: could not deliver ${event.type} for ${event.ref} to ${trigger} (posted again at the next start): ${String(error)}`,
      );
    }
  }
}
