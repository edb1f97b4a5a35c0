/**
 * The data file: every namespace's tree as one JSON object (`{ "<namespace>": <data> }`, with
 * priorities in export format). Loaded at start, saved shortly after writes and on close,
 * always through a temporary file and a rename so a crash never leaves half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { fromJSON, toWire, type DataNode } from './tree.js';

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

export function serialize(namespaces: Iterable<{ name: string; data(): DataNode | null }>): string {
  const out: Record<string, unknown> = {};
  for (const ns of namespaces) {
    const data = ns.data();
    if (data !== null) out[ns.name] = toWire(data);
  }
  return JSON.stringify(out);
}

async function writeAtomically(file: string, text: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await fs.promises.writeFile(temporary, text);
    await fs.promises.rename(temporary, file);
  } finally {
    await fs.promises.rm(temporary, { force: true });
  }
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
    private readonly snapshot: () => string,
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
    const text = this.snapshot();
    this.lastSnapshotMs = performance.now() - started;
    this.saving = writeAtomically(this.file, text).catch(this.onError);
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
