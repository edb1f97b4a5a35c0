import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recoverDataFile, serialize } from './persistence.js';
import { fromJSON, toValue, type DataNode } from './tree.js';
import {
  decodeLog,
  durableSender,
  encodeRecord,
  logSegments,
  segmentFile,
  undeliveredEvents,
  WriteAheadLog,
  type LogRecord,
} from './wal.js';
import type { PendingEvent } from './trigger-events.js';

const dirs: string[] = [];
function tempDataFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtdb-wal-'));
  dirs.push(dir);
  return path.join(dir, 'rtdb.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function saveDataFile(file: string, namespaces: Record<string, unknown>) {
  const entries = Object.entries(namespaces).map(([name, json]) => ({
    name,
    data: (): DataNode | null => fromJSON(json, null, 0),
  }));
  fs.writeFileSync(file, serialize(entries));
}

async function recovered(file: string) {
  const warnings: string[] = [];
  const { namespaces, next, events } = await recoverDataFile(file, {
    info: () => {},
    warn: (m) => warnings.push(m),
  });
  const values = Object.fromEntries([...namespaces].map(([ns, root]) => [ns, toValue(root)]));
  return { values, next, events, warnings };
}

const set = (ns: string, at: string, value: unknown): LogRecord => ({ ns, writes: [[at, value]] });

describe('the write-ahead log', () => {
  it('keeps every write it said was on disk through a crash before the data file was saved', async () => {
    const file = tempDataFile();
    saveDataFile(file, { main: { a: 1 } });
    const log = new WriteAheadLog(file, 1, (error) => {
      throw error;
    });
    log.append(set('main', 'b', { c: 2 }));
    log.append(set('other', 'x', 'y'));
    await log.whenDurable();
    // The process dies here: no save, no close.
    const { values, next } = await recovered(file);
    expect(values).toEqual({ main: { a: 1, b: { c: 2 } }, other: { x: 'y' } });
    // Compacted: the data file holds it all and the log is gone.
    expect(logSegments(file)).toEqual([]);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      main: { a: 1, b: { c: 2 } },
      other: { x: 'y' },
    });
    expect(next).toBe(2);
  });

  it('replays in write order, priorities and removals included', async () => {
    const file = tempDataFile();
    fs.writeFileSync(
      segmentFile(file, 3),
      [
        set('main', 'list', { a: 1, b: 2 }),
        set('main', 'list/a', null),
        set('main', 'list', { c: { '.value': 3, '.priority': 1 } }),
        set('main', 'list/d', 4),
      ]
        .map(encodeRecord)
        .join(''),
    );
    fs.writeFileSync(segmentFile(file, 4), encodeRecord(set('main', 'list/c', 5)));
    const { values, next } = await recovered(file);
    expect(values).toEqual({ main: { list: { c: 5, d: 4 } } });
    expect(next).toBe(5);
  });

  it('leaves out a torn last record and keeps the ones before it', async () => {
    const file = tempDataFile();
    const whole = [set('main', 'a', 1), set('main', 'b', 2)].map(encodeRecord).join('');
    const torn = encodeRecord(set('main', 'c', 3)).slice(0, 20);
    fs.writeFileSync(segmentFile(file, 1), whole + torn);
    const { values, warnings } = await recovered(file);
    expect(values).toEqual({ main: { a: 1, b: 2 } });
    expect(warnings.some((w) => w.includes('incomplete write'))).toBe(true);
  });

  it('stops at a record whose checksum fails', () => {
    const good = encodeRecord(set('main', 'a', 1));
    const bad = encodeRecord(set('main', 'b', 2)).replace('"b"', '"x"');
    expect(decodeLog(good + bad + good)).toEqual({
      records: [set('main', 'a', 1)],
      torn: true,
    });
  });

  it('applies a record the data file already holds again harmlessly', async () => {
    const file = tempDataFile();
    // Saved after these writes, but the process died before the log was removed.
    saveDataFile(file, { main: { a: { c: 2 } } });
    fs.writeFileSync(
      segmentFile(file, 1),
      [set('main', 'a/b', 1), set('main', 'a', { c: 2 })].map(encodeRecord).join(''),
    );
    expect((await recovered(file)).values).toEqual({ main: { a: { c: 2 } } });
  });

  it('writes to a new segment once the data file is taken, and removes the covered ones when saved', async () => {
    const file = tempDataFile();
    const log = new WriteAheadLog(file, 1, (error) => {
      throw error;
    });
    log.append(set('main', 'a', 1));
    const saved = log.rotate([]);
    log.append(set('main', 'b', 2));
    await log.whenDurable();
    expect(logSegments(file).map((s) => s.segment)).toEqual([1, 2]);
    await saved();
    expect(logSegments(file).map((s) => s.segment)).toEqual([2]);
    await log.close();
    expect(decodeLog(fs.readFileSync(segmentFile(file, 2), 'utf8')).records).toEqual([
      set('main', 'b', 2),
    ]);
  });
});

const event = (id: string, ref: string): PendingEvent => ({
  trigger: 'us-central1-onAlertCreated',
  event: { id, type: 'google.firebase.database.ref.v1.created', ref },
});

describe('trigger events in the log', () => {
  it('recovers the events of a write with it after a crash, but those marked done', async () => {
    const file = tempDataFile();
    const log = new WriteAheadLog(file, 1, (error) => {
      throw error;
    });
    const [a1, a2] = [event('e1', 'alerts/a1'), event('e2', 'alerts/a2')];
    log.append({ ...set('main', 'alerts', { a1: 1, a2: 2 }), events: [a1, a2] });
    log.append({ done: 'e1' });
    await log.whenDurable();
    // The process dies here: no save, no close.
    const { values, events } = await recovered(file);
    expect(values).toEqual({ main: { alerts: { a1: 1, a2: 2 } } });
    expect(events).toEqual([a2]);
    // Carried into the segment the next run starts: a second crash keeps them too.
    expect(logSegments(file).map((s) => s.segment)).toEqual([2]);
    expect((await recovered(file)).events).toEqual([a2]);
    await log.close();
  });

  it('starts the segment a save opens with the events not yet delivered', async () => {
    const file = tempDataFile();
    const log = new WriteAheadLog(file, 1, (error) => {
      throw error;
    });
    const [a1, a2] = [event('e1', 'alerts/a1'), event('e2', 'alerts/a2')];
    log.append({ ...set('main', 'alerts/a1', 1), events: [a1] });
    log.append({ ...set('main', 'alerts/a2', 2), events: [a2] });
    saveDataFile(file, { main: { alerts: { a1: 1, a2: 2 } } });
    const saved = log.rotate([a2]);
    log.append({ done: 'e2' });
    await saved();
    await log.close();
    expect(logSegments(file).map((s) => s.segment)).toEqual([2]);
    expect(decodeLog(fs.readFileSync(segmentFile(file, 2), 'utf8')).records).toEqual([
      { events: [a2] },
      { done: 'e2' },
    ]);
    expect((await recovered(file)).events).toEqual([]);
  });

  it('counts an event both in an old segment and in the one carrying it once', () => {
    const a1 = event('e1', 'alerts/a1');
    const a2 = event('e2', 'alerts/a2');
    const records: LogRecord[] = [
      { ...set('main', 'alerts/a1', 1), events: [a1] },
      { ...set('main', 'alerts/a2', 2), events: [a2] },
      // A crash while starting left the old segment beside the one carrying its events over.
      { events: [a1, a2] },
      { done: 'e2' },
    ];
    expect(undeliveredEvents(records)).toEqual([a1]);
  });
});

describe('durableSender', () => {
  it('holds what is sent after a write until the write is on disk, in order', async () => {
    let appended = 0;
    let durable = 0;
    const waiting: { seq: number; resolve: () => void }[] = [];
    const log = {
      appended: () => appended,
      durable: () => durable,
      whenDurable: (seq = appended) =>
        seq <= durable
          ? Promise.resolve()
          : new Promise<void>((resolve) => waiting.push({ seq, resolve })),
    };
    const sync = (seq: number) => {
      durable = seq;
      for (const w of waiting.splice(0)) {
        if (w.seq <= durable) w.resolve();
        else waiting.push(w);
      }
    };
    const sent: string[] = [];
    const send = durableSender(log, (text) => sent.push(text));

    send('before any write');
    appended = 1;
    send('ack 1');
    appended = 2;
    send('ack 2');
    expect(sent).toEqual(['before any write']);
    sync(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(['before any write', 'ack 1']);
    send('a read after write 2');
    sync(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(['before any write', 'ack 1', 'ack 2', 'a read after write 2']);
  });
});
