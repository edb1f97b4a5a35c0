import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Announcement } from '../../../functions/src/contracts/upstream/upstream.js';
import { parseInput } from '../body.js';
import { isoNow, pathId, type RouteContext } from '../context.js';
import { notFound, ok } from '../envelope.js';
import { text } from '../validation.js';

interface AnnouncementRow {
  id: number;
  title: string;
  description: string;
  created_at: string;
  image_id: number | null;
  image_name: string | null;
}

const schema = z.object({
  title: text('title', { max: 255 }),
  description: text('description', { max: 5000 }),
});
const IMAGE = { image: { kind: 'image', required: false } } as const;

/** Announcements (`/admin/notifications`): multipart, the image optional, png or jpeg. */
export function registerAnnouncementRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db, files, clock, flavour } = ctx;
  const admin = { config: { access: 'admin' as const } };
  const SELECT = `SELECT a.id, a.title, a.description, a.created_at, f.id AS image_id, f.name AS image_name
    FROM announcements a LEFT JOIN files f ON f.id = a.image_id`;
  const all = db.prepare<[], AnnouncementRow>(`${SELECT} ORDER BY a.created_at DESC, a.id DESC`);
  const byId = db.prepare<[number], AnnouncementRow>(`${SELECT} WHERE a.id = ?`);
  const insert = db.prepare<[string, string, number | null, string], { id: number }>(
    'INSERT INTO announcements (title, description, image_id, created_at) VALUES (?, ?, ?, ?) RETURNING id',
  );
  const update = db.prepare<[string, string, number | null, number]>(
    'UPDATE announcements SET title = ?, description = ?, image_id = ? WHERE id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM announcements WHERE id = ?');

  const view = (row: AnnouncementRow): Announcement & { created_at: string } => ({
    id: row.id,
    title: row.title,
    description: row.description,
    image: files.ref(row.image_id, row.image_name),
    created_at: flavour.time(row.created_at),
  });
  const read = (id: number) => {
    const row = byId.get(id);
    if (row === undefined) throw notFound('announcement');
    return row;
  };
  /** A write's reply: the announcement, or the bare model (no `image`) as Eloquent returns it. */
  const written = (id: number) => {
    const announcement = view(read(id));
    if (flavour.writeRelations) return announcement;
    const { image: _image, ...model } = announcement;
    return model;
  };

  app.get('/admin/notifications', admin, async () => ok(all.all().map(view)));

  app.post('/admin/notifications', admin, async (request) => {
    const input = await parseInput(await ctx.body.read(request, ['image']), schema, IMAGE);
    const id = files.transaction((tx) => {
      const image =
        input.files.image === undefined
          ? null
          : tx.adopt(input.files.image.tempPath, input.files.image);
      const row = insert.get(
        input.data.title,
        input.data.description,
        image?.id ?? null,
        isoNow(clock),
      );
      if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
      return row.id;
    });
    return ok(written(id), 'Announcement created successfully');
  });

  app.put<{ Params: { id: string } }>('/admin/notifications/:id', admin, async (request) => {
    const id = pathId(request.params.id, 'announcement');
    read(id);
    const input = await parseInput(await ctx.body.read(request, ['image']), schema, IMAGE);
    files.transaction((tx) => {
      const before = read(id);
      const image =
        input.files.image === undefined
          ? null
          : tx.adopt(input.files.image.tempPath, input.files.image);
      update.run(input.data.title, input.data.description, image?.id ?? before.image_id, id);
      if (image !== null) tx.release(before.image_id);
    });
    return ok(written(id), 'Announcement updated successfully');
  });

  app.delete<{ Params: { id: string } }>('/admin/notifications/:id', admin, async (request) => {
    const id = pathId(request.params.id, 'announcement');
    files.transaction((tx) => {
      const before = read(id);
      remove.run(id);
      tx.release(before.image_id);
    });
    return ok(null, 'Announcement deleted successfully');
  });
}
