import fs from 'node:fs';
import path from 'node:path';
import type { FileRef } from '../../functions/src/contracts/upstream/upstream.js';
import type { Db } from './db.js';

/** A stored file: bytes at `files/<id>/<name>` under the data folder, its row in `files`. */
export interface FileRow {
  id: number;
  name: string;
  mime_type: string;
  size: number;
}

/** File operations that belong to the database transaction they run in. */
export interface FileTx {
  /** Moves a checked temporary upload into the store. */
  adopt(tempPath: string, meta: { name: string; mime: string; size: number }): FileRow;
  /** Stores bytes made in code (seed images). */
  write(bytes: Buffer, meta: { name: string; mime: string }): FileRow;
  /** Deletes the file once no record refers to it (call it after dropping the reference). */
  release(fileId: number | null): void;
}

export type FileStore = ReturnType<typeof createFileStore>;

export function createFileStore(options: {
  db: Db;
  dataDir: string;
  /** The API's public origin, known only once it listens (port 0). */
  origin: () => string;
  clock: () => number;
}) {
  const { db, origin, clock } = options;
  const root = path.join(options.dataDir, 'files');
  fs.mkdirSync(root, { recursive: true });

  const insert = db.prepare<[string, string, number, string], FileRow>(
    'INSERT INTO files (name, mime_type, size, created_at) VALUES (?, ?, ?, ?) RETURNING id, name, mime_type, size',
  );
  const byId = db.prepare<[number], FileRow>(
    'SELECT id, name, mime_type, size FROM files WHERE id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM files WHERE id = ?');
  const used = db.prepare<{ id: number }, { used: number }>(`SELECT
    EXISTS (SELECT 1 FROM users WHERE image_id = $id)
    OR EXISTS (SELECT 1 FROM announcements WHERE image_id = $id)
    OR EXISTS (SELECT 1 FROM chat_groups WHERE image_id = $id)
    OR EXISTS (SELECT 1 FROM offers WHERE file_id = $id)
    OR EXISTS (SELECT 1 FROM chat_uploads WHERE file_id = $id) AS used`);

  const folder = (id: number) => path.join(root, String(id));

  const url = (file: { id: number; name: string }) =>
    `${origin()}/storage/${file.id}/${encodeURIComponent(file.name)}`;

  return {
    root,
    url,
    /** The `{original_url}` of a joined file, or null when the record has none. */
    ref(id: number | null, name: string | null): FileRef | null {
      return id === null || name === null ? null : { original_url: url({ id, name }) };
    },
    find: (id: number) => byId.get(id),
    /** Path of a stored file relative to `root`. */
    relativePath: (file: FileRow) => `${file.id}/${file.name}`,

    /**
     * Runs `work` in one database transaction with the file moves it asks for: files it adopts
     * are removed again if the transaction fails; files it releases leave the disk only after
     * the commit.
     */
    transaction<T>(work: (tx: FileTx) => T): T {
      const added: number[] = [];
      const released: number[] = [];
      const create = (
        meta: { name: string; mime: string; size: number },
        place: (to: string) => void,
      ) => {
        const row = insert.get(meta.name, meta.mime, meta.size, new Date(clock()).toISOString());
        if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
        added.push(row.id);
        fs.mkdirSync(folder(row.id), { recursive: true });
        place(path.join(folder(row.id), row.name));
        return row;
      };
      const tx: FileTx = {
        adopt: (tempPath, meta) => create(meta, (to) => fs.renameSync(tempPath, to)),
        write: (bytes, meta) =>
          create({ ...meta, size: bytes.length }, (to) => fs.writeFileSync(to, bytes)),
        release: (fileId) => {
          if (fileId === null || used.get({ id: fileId })?.used) return;
          remove.run(fileId);
          released.push(fileId);
        },
      };
      let result: T;
      try {
        result = db.transaction(() => work(tx))();
      } catch (error) {
        for (const id of added) fs.rmSync(folder(id), { recursive: true, force: true });
        throw error;
      }
      for (const id of released) fs.rmSync(folder(id), { recursive: true, force: true });
      return result;
    },
  };
}
