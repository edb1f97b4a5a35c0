import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSchema, openDatabase } from './db.js';
import { createFileStore } from './files.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function store() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-files-'));
  dirs.push(dataDir);
  const db = openDatabase(path.join(dataDir, 'api.sqlite'));
  createSchema(db, () => undefined);
  const files = createFileStore({
    db,
    dataDir,
    origin: () => 'http://127.0.0.1:1',
    clock: () => 0,
  });
  return { db, files };
}

describe('the file store', () => {
  it('removes the files a failed transaction had stored', () => {
    const { db, files } = store();
    expect(() =>
      files.transaction((tx) => {
        tx.write(Buffer.from('x'), { name: 'a.txt', mime: 'text/plain' });
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(fs.readdirSync(files.root)).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM files').get()).toEqual({ n: 0 });
  });

  it('deletes a released file only when nothing refers to it, and only after the commit', () => {
    const { db, files } = store();
    const file = files.transaction((tx) =>
      tx.write(Buffer.from('png'), { name: 'a.png', mime: 'image/png' }),
    );
    db.prepare(
      'INSERT INTO announcements (title, description, image_id, created_at) VALUES (?, ?, ?, ?)',
    ).run('t', 'd', file.id, '');
    files.transaction((tx) => tx.release(file.id));
    expect(files.find(file.id)).toBeDefined();

    expect(() =>
      files.transaction((tx) => {
        db.prepare('DELETE FROM announcements').run();
        tx.release(file.id);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(fs.existsSync(path.join(files.root, files.relativePath(file)))).toBe(true);

    files.transaction((tx) => {
      db.prepare('DELETE FROM announcements').run();
      tx.release(file.id);
    });
    expect(files.find(file.id)).toBeUndefined();
    expect(fs.existsSync(path.join(files.root, String(file.id)))).toBe(false);
  });

  it('builds absolute URLs on the API origin', () => {
    const { files } = store();
    expect(files.url({ id: 7, name: 'a b.png' })).toBe('http://127.0.0.1:1/storage/7/a%20b.png');
  });
});
