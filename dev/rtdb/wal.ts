/**
 * The write-ahead log beside the data file: every applied write is appended to it with the
 * trigger events it fires, and its acknowledgement waits until the log is on disk (fsync).
 * Appends are batched (group commit): the writes that arrive while a batch is being synced go in
 * the next one, so a burst costs one fsync per batch, not per write. A delivered event is marked
 * done in the log too. At start the log is replayed over the data file, the result saved as the
 * new data file, the events not marked done carried into a new segment, and the old segments
 * removed; while running, each save of the data file starts a new segment, which the events not
 * yet delivered open, and removes the ones it covers.
 *
 * A record is one line, `<crc32 hex> <json>\n`. A crash can tear only the last record (batches
 * are written one after the other, and none is acknowledged before it is synced), so replay
 * stops at the first record that is incomplete or fails its checksum. A write and its events are
 * one record: a write is never recovered without them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { parsePath, pathString } from './path.js';
import { fromJSON, setChild, toWire, type DataNode } from './tree.js';
import type { WriteEntry } from './engine.js';
import { pendingEventSchema, type PendingEvent } from './trigger-events.js';

const writeRecordSchema = z.object({
  ns: z.string(),
  /** [path, the new subtree in export format (null: removed)] */
  writes: z.array(z.tuple([z.string(), z.unknown()])),
  /** The trigger events the write fires; absent when none. */
  events: z.array(pendingEventSchema).optional(),
});
/**
 * Events apart from a write: those of writes made before the triggers were known, and those a
 * new segment carries over from the segments it replaces.
 */
const eventsRecordSchema = z.object({ events: z.array(pendingEventSchema) });
/** The id of an event whose delivery was answered: it is not posted again. */
const doneRecordSchema = z.object({ done: z.string() });
const recordSchema = z.union([writeRecordSchema, eventsRecordSchema, doneRecordSchema]);

/** One applied write (its namespace, each subtree it replaced with server values resolved). */
export type WriteRecord = z.infer<typeof writeRecordSchema>;
export type LogRecord = z.infer<typeof recordSchema>;

export function recordOf(
  ns: string,
  entries: readonly WriteEntry[],
  events: readonly PendingEvent[],
): WriteRecord {
  const writes: [string, unknown][] = entries.map((e) => [pathString(e.segments), toWire(e.node)]);
  return events.length === 0 ? { ns, writes } : { ns, writes, events: [...events] };
}

function checksum(text: string): string {
  return crc32(text).toString(16).padStart(8, '0');
}

export function encodeRecord(record: LogRecord): string {
  const json = JSON.stringify(record);
  return `${checksum(json)} ${json}\n`;
}

/** The records of a log segment, up to the first one that is torn or corrupt. */
export function decodeLog(text: string): { records: LogRecord[]; torn: boolean } {
  const records: LogRecord[] = [];
  let start = 0;
  while (start < text.length) {
    const end = text.indexOf('\n', start);
    if (end < 0) return { records, torn: true };
    const line = text.slice(start, end);
    start = end + 1;
    const json = line.slice(9);
    if (line[8] !== ' ' || checksum(json) !== line.slice(0, 8)) return { records, torn: true };
    let parsed;
    try {
      parsed = recordSchema.safeParse(JSON.parse(json));
    } catch {
      return { records, torn: true };
    }
    if (!parsed.success) return { records, torn: true };
    records.push(parsed.data);
  }
  return { records, torn: false };
}

/**
 * Applies records in order. A record already in the data file applies again harmlessly: each
 * replaces whole subtrees with resolved values, so replaying a suffix of what a state already
 * holds gives that state again (a crash between saving the data file and removing the log).
 */
export function replay(namespaces: Map<string, DataNode | null>, records: readonly LogRecord[]) {
  for (const record of records) {
    if (!('ns' in record)) continue;
    let root = namespaces.get(record.ns) ?? null;
    for (const [at, wire] of record.writes)
      root = setChild(root, parsePath(at), fromJSON(wire, null, 0));
    namespaces.set(record.ns, root);
  }
}

/**
 * The trigger events the records hold and do not mark done, in log order, each once (a crash
 * while starting can leave an event both in an old segment and in the new one carrying it).
 */
export function undeliveredEvents(records: readonly LogRecord[]): PendingEvent[] {
  const open = new Map<string, PendingEvent>();
  for (const record of records) {
    if ('done' in record) open.delete(record.done);
    else for (const pending of record.events ?? []) open.set(pending.event.id, pending);
  }
  return [...open.values()];
}

/** The log segments of a data file, oldest first: `<data file>.log.<n>`. */
export function logSegments(dataFile: string): { segment: number; file: string }[] {
  const dir = path.dirname(dataFile);
  const prefix = `${path.basename(dataFile)}.log.`;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => ({
      segment: Number(name.slice(prefix.length)),
      file: path.join(dir, name),
    }))
    .sort((a, b) => a.segment - b.segment);
}

export function segmentFile(dataFile: string, segment: number): string {
  return `${dataFile}.log.${segment}`;
}

interface Pending {
  segment: number;
  line: string;
  seq: number;
}

/** The batches of one log, synced one after the other; see the file comment. */
export class WriteAheadLog {
  private appendedSeq = 0;
  private durableSeq = 0;
  private queue: Pending[] = [];
  private waiters: { seq: number; resolve: () => void }[] = [];
  private flushing = false;
  private handle: { segment: number; file: fs.promises.FileHandle } | null = null;

  constructor(
    private readonly dataFile: string,
    private segment: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** How many records were appended; a message sent after a write carries this number. */
  appended(): number {
    return this.appendedSeq;
  }

  durable(): number {
    return this.durableSeq;
  }

  append(record: LogRecord): void {
    this.appendedSeq += 1;
    this.queue.push({ segment: this.segment, line: encodeRecord(record), seq: this.appendedSeq });
    if (!this.flushing) {
      this.flushing = true;
      // The writes handled in this turn of the event loop join the batch.
      setImmediate(() => void this.flush());
    }
  }

  /** Resolves once the first `seq` records are on disk. */
  whenDurable(seq = this.appendedSeq): Promise<void> {
    if (seq <= this.durableSeq) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ seq, resolve }));
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        for (let i = 0; i < batch.length;) {
          const segment = (batch[i] as Pending).segment;
          let j = i;
          while (j < batch.length && (batch[j] as Pending).segment === segment) j++;
          const file = await this.open(segment);
          await file.appendFile(
            batch
              .slice(i, j)
              .map((p) => p.line)
              .join(''),
          );
          await file.datasync();
          i = j;
        }
      } catch (error) {
        // The writes are applied in memory already; say so loudly, and keep answering.
        this.onError(error);
      }
      this.durableSeq = (batch[batch.length - 1] as Pending).seq;
      const ready = this.waiters.filter((w) => w.seq <= this.durableSeq);
      this.waiters = this.waiters.filter((w) => w.seq > this.durableSeq);
      for (const w of ready) w.resolve();
    }
    this.flushing = false;
  }

  private async open(segment: number): Promise<fs.promises.FileHandle> {
    if (this.handle?.segment === segment) return this.handle.file;
    await this.handle?.file.close();
    this.handle = null;
    const file = await fs.promises.open(segmentFile(this.dataFile, segment), 'a');
    this.handle = { segment, file };
    return file;
  }

  /**
   * Called as the data file's text is taken, with the trigger events not yet delivered: later
   * records go to a new segment, which starts with those events (the segments it replaces hold
   * them). The returned function, called once that text is saved, removes those segments.
   */
  rotate(undelivered: readonly PendingEvent[]): () => Promise<void> {
    const covered = this.segment;
    this.segment += 1;
    if (undelivered.length > 0) this.append({ events: [...undelivered] });
    const seq = this.appendedSeq;
    return async () => {
      await this.whenDurable(seq);
      if (this.handle !== null && this.handle.segment <= covered) {
        await this.handle.file.close();
        this.handle = null;
      }
      for (const { segment, file } of logSegments(this.dataFile))
        if (segment <= covered) await fs.promises.rm(file, { force: true });
    };
  }

  /** Waits for every record to be on disk and closes the segment. */
  async close(): Promise<void> {
    await this.whenDurable();
    await this.handle?.file.close();
    this.handle = null;
  }
}

/**
 * A connection's outgoing messages, held in order until the writes that came before each one
 * are on disk: an acknowledgement (or another client's copy of the data) never goes out for a
 * write a crash could still lose.
 */
export function durableSender(
  log: Pick<WriteAheadLog, 'appended' | 'durable' | 'whenDurable'>,
  send: (text: string) => void,
): (text: string) => void {
  const held: { text: string; seq: number }[] = [];
  const drain = async () => {
    while (held.length > 0) {
      await log.whenDurable((held[0] as { seq: number }).seq);
      while (held.length > 0 && (held[0] as { seq: number }).seq <= log.durable())
        send((held.shift() as { text: string }).text);
    }
  };
  return (text) => {
    const seq = log.appended();
    if (held.length === 0 && seq <= log.durable()) {
      send(text);
      return;
    }
    held.push({ text, seq });
    if (held.length === 1) void drain();
  };
}
