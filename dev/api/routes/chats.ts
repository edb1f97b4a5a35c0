import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../body.js';
import { currentUser, isoNow, pathId, type RouteContext } from '../context.js';
import { forbidden, notFound, ok } from '../envelope.js';
import type { FileRow } from '../files.js';

/** Files, images and videos sent in group chats; any signed-in user may upload. */
export function registerChatRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db, files, clock, flavour } = ctx;
  const signedIn = { config: { access: 'user' as const } };
  const insert = db.prepare<[number, number, string], { id: number }>(
    'INSERT INTO chat_uploads (file_id, user_id, created_at) VALUES (?, ?, ?) RETURNING id',
  );
  const byId = db.prepare<[number], { id: number; file_id: number; user_id: number | null }>(
    'SELECT id, file_id, user_id FROM chat_uploads WHERE id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM chat_uploads WHERE id = ?');

  // The original API promises the id and address; the reference dialect adds the file's details.
  const view = (id: number, file: FileRow) => ({
    id,
    file: flavour.chatFileDetails
      ? {
          original_url: files.url(file),
          name: file.name,
          mime_type: file.mime_type,
          size: file.size,
        }
      : { original_url: files.url(file) },
  });

  app.post('/chats', signedIn, async (request) => {
    const user = currentUser(request);
    const input = await parseInput(await ctx.body.read(request, ['file']), z.object({}), {
      file: { kind: 'chat', required: true },
    });
    const upload = input.files.file;
    if (upload === undefined) throw new Error('a required file passed validation unset');
    const created = files.transaction((tx) => {
      const file = tx.adopt(upload.tempPath, upload);
      const row = insert.get(file.id, user.id, isoNow(clock));
      if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
      return view(row.id, file);
    });
    return ok(created, 'File uploaded successfully');
  });

  /** Deletes the upload and its stored file: its URL answers 404 from then on. */
  app.delete<{ Params: { id: string } }>('/chats/:id', signedIn, async (request) => {
    const user = currentUser(request);
    const id = pathId(request.params.id, 'file');
    const upload = byId.get(id);
    if (upload === undefined) throw notFound('file');
    // An app user removes only what they sent; the admin moderates every chat.
    if (user.role !== 'admin' && upload.user_id !== user.id) throw forbidden();
    files.transaction((tx) => {
      remove.run(id);
      tx.release(upload.file_id);
    });
    return ok(null, 'File deleted successfully');
  });
}
