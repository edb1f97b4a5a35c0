/**
 * The data file: every namespace's tree as one JSON object (`{ "<namespace>": <data> }`, with
 * priorities in export format). Loaded at start with the write-ahead log replayed over it
 * (`wal.ts`), saved shortly after writes and on close, always through a synced temporary file
 * and a rename so a crash never leaves half a file. The trigger events not yet delivered live in
 * the log, never in this file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { fromJSON, toWire, type DataNode } from './tree.js';
import type { PendingEvent } from './trigger-events.js';
import {
  decodeLog,
  encodeRecord,
  logSegments,
  replay,
  segmentFile,
  undeliveredEvents,
  type LogRecord,
} from './wal.js';

const dataFileSchema = z.record(z.string(), z.unknown());

/** The namespaces stored in `file`; none if it does not exist. Throws if it is unreadable. */
export function loadDataFile(file: string): Map<string, DataNode | null> {
  const out = new Map<string, DataNode | null>();
  if (!fs.existsSync(file)) return out;
  let parsed: z.infer<typeof dataFileSchema>;
  try {
    parsed = dataFileSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    throw new Error(
      `the database file ${file} is not valid (${(error as Error).message}); fix or delete it`,
    );
  }
  for (const [namespace, data] of Object.entries(parsed))
    out.set(namespace, fromJSON(data, null, 0));
  return out;
}

/**
 * The data file with its log replayed, and the trigger events the log holds undelivered. When the
 * log held anything, the result is saved as the new data file, those events are carried into the
 * segment the running log starts with (`next`), and the old segments are removed.
 */
export async function recoverDataFile(
  file: string,
  logger: { info(message: string): void; warn(message: string): void },
): Promise<{ namespaces: Map<string, DataNode | null>; next: number; events: PendingEvent[] }> {
  const namespaces = loadDataFile(file);
  const segments = logSegments(file);
  const records: LogRecord[] = [];
  for (const { file: segment } of segments) {
    const decoded = decodeLog(await fs.promises.readFile(segment, 'utf8'));
    records.push(...decoded.records);
    if (decoded.torn) {
      // Nothing after a torn record was ever acknowledged: batches are synced in order.
      logger.warn(`rtdb: ${segment} ends with an incomplete write (never acknowledged), left out`);
      break;
    }
  }
  replay(namespaces, records);
  const events = undeliveredEvents(records);
  const next = (segments.at(-1)?.segment ?? 0) + 1;
  if (segments.length > 0) {
    const entries = [...namespaces].map(([name, data]) => ({ name, data: () => data }));
    await writeAtomically(file, serialize(entries));
    // On disk before the segments holding them go; replayed again with them after a crash here.
    if (events.length > 0) await writeAtomically(segmentFile(file, next), encodeRecord({ events }));
    for (const { file: segment } of segments) await fs.promises.rm(segment, { force: true });
  }
  const writes = records.filter((r) => 'ns' in r).length;
  if (writes > 0) logger.info(`rtdb: ${writes} writes recovered from the log of ${file}`);
  if (events.length > 0)
    logger.info(`rtdb: ${events.length} trigger events from the last run are waiting`);
  return { namespaces, next, events };
}

export function serialize(namespaces: Iterable<{ name: string; data(): DataNode | null }>): string {
  const out: Record<string, unknown> = {};
  for (const ns of namespaces) {
    const data = ns.data();
    if (data !== null) out[ns.name] = toWire(data);
  }
  return JSON.stringify(out);
}

export async function writeAtomically(file: string, text: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const handle = await fs.promises.open(temporary, 'w');
    try {
      await handle.writeFile(text);
      // On disk before the rename, or the log it replaces could go while the text has not.
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temporary, file);
  } finally {
    await fs.promises.rm(temporary, { force: true });
  }
}

/** The data file's text, and what to do once it is saved (remove the log it covers). */
export interface Snapshot {
  text: string;
  saved?(): Promise<void>;
}

/**
 * Saves at most every `delayMs` while writes keep coming, and less often when taking the text
 * is slow (ten times its duration: 100 000 users take ~0.2 s to serialize, during which the
 * engine answers nobody). The text is taken when the save starts, so a write during a save
 * schedules the next one.
 */
export class DataFileSaver {
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> | null = null;
  private dirty = false;
  private lastSnapshotMs = 0;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => Snapshot,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = 300,
  ) {}

  changed(): void {
    this.dirty = true;
    if (this.timer === null && this.saving === null) {
      this.timer = setTimeout(
        () => void this.save(),
        Math.max(this.delayMs, 10 * this.lastSnapshotMs),
      );
    }
  }

  private async save(): Promise<void> {
    this.timer = null;
    if (!this.dirty) return;
    this.dirty = false;
    const started = performance.now();
    const snapshot = this.snapshot();
    this.lastSnapshotMs = performance.now() - started;
    this.saving = writeAtomically(this.file, snapshot.text)
      .then(() => snapshot.saved?.())
      .catch(this.onError);
    await this.saving;
    this.saving = null;
    if (this.dirty) this.changed();
  }

  private cancelTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Saves now whatever is pending (on close). */
  async flush(): Promise<void> {
    this.cancelTimer();
    while (this.saving !== null) await this.saving;
    // The save that just ended may have scheduled another one.
    this.cancelTimer();
    if (this.dirty) await this.save();
  }
}
