import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFileSaver, loadDataFile, serialize } from './persistence.js';
import { fromJSON, toWire } from './tree.js';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rtdb-persist-'));
  dirs.push(dir);
  return path.join(dir, 'sub', 'data.json');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('data file', () => {
  it('round-trips every namespace, priorities included, and skips empty ones', () => {
    const file = tempFile();
    const namespaces = [
      {
        name: 'a',
        data: () => fromJSON({ x: { '.value': 1, '.priority': 'p' }, y: [1, 2] }, null, 0),
      },
      { name: 'empty', data: () => null },
    ];
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, serialize(namespaces));
    const loaded = loadDataFile(file);
    expect([...loaded.keys()]).toEqual(['a']);
    expect(toWire(loaded.get('a') ?? null)).toEqual({
      x: { '.value': 1, '.priority': 'p' },
      y: { 0: 1, 1: 2 },
    });
    expect(loadDataFile(`${file}.missing`).size).toBe(0);
  });

  it('saves once for a burst of changes, and flushes what is pending', async () => {
    const file = tempFile();
    let version = 0;
    let snapshots = 0;
    const saver = new DataFileSaver(
      file,
      () => {
        snapshots++;
        return { text: JSON.stringify({ ns: version }) };
      },
      (error) => {
        throw error;
      },
      20,
    );
    for (version = 1; version <= 5; version++) saver.changed();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(snapshots).toBe(1);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ ns: 6 });
    version = 7;
    saver.changed();
    await saver.flush();
    expect(snapshots).toBe(2);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ ns: 7 });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['data.json']);
  });

  it('reports a failed save instead of throwing', async () => {
    const file = tempFile();
    fs.mkdirSync(file, { recursive: true }); // a folder where the file should go
    const errors: unknown[] = [];
    const saver = new DataFileSaver(
      file,
      () => ({ text: '{}' }),
      (error) => errors.push(error),
      5,
    );
    saver.changed();
    await saver.flush();
    expect(errors).toHaveLength(1);
  });
});
