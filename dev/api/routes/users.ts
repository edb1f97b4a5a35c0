import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Report } from '../../../functions/src/contracts/upstream/upstream.js';
import { parseInput } from '../body.js';
import { isoNow, pathId, type RouteContext } from '../context.js';
import { notFound, ok } from '../envelope.js';
import { optionalHttpUrl, recordId, text } from '../validation.js';

const reportSchema = z.object({
  user_id: recordId('user_id'),
  title: text('title', { max: 255 }),
  description: text('description', { max: 5000 }),
  url: optionalHttpUrl('url'),
});

type ReportRow = Report & { created_at: string };

/** App users and the invoices/reports attached to them (a link each, optionally). */
export function registerUserRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db, files, users, clock, flavour } = ctx;
  const admin = { config: { access: 'admin' as const } };
  const deleteUser = db.prepare<[number]>('DELETE FROM users WHERE id = ?');
  const softDeleteUser = db.prepare<[string, number]>(
    'UPDATE users SET deleted_at = ? WHERE id = ?',
  );
  // No link is stored as '' (the column predates optional links) and answered as null.
  const COLUMNS = "id, user_id, title, description, NULLIF(url, '') AS url, created_at";
  const reportsOf = db.prepare<[number], ReportRow>(
    `SELECT ${COLUMNS} FROM reports WHERE user_id = ? ORDER BY id DESC`,
  );
  const reportById = db.prepare<[number], ReportRow>(`SELECT ${COLUMNS} FROM reports WHERE id = ?`);
  const insertReport = db.prepare<[number, string, string, string, string], ReportRow>(
    `INSERT INTO reports (user_id, title, description, url, created_at) VALUES (?, ?, ?, ?, ?)
     RETURNING ${COLUMNS}`,
  );
  const updateReport = db.prepare<[number, string, string, string, number], ReportRow>(
    `UPDATE reports SET user_id = ?, title = ?, description = ?, url = ? WHERE id = ? RETURNING ${COLUMNS}`,
  );
  const deleteReport = db.prepare<[number]>('DELETE FROM reports WHERE id = ?');

  const view = (row: ReportRow | undefined) =>
    row === undefined ? row : { ...row, created_at: flavour.time(row.created_at) };
  const appUserId = (id: number) => {
    if (users.appUser(id) === undefined) throw notFound('user');
    return id;
  };

  app.get('/admin/user', admin, async () => ok(users.appUsers()));

  app.delete<{ Params: { id: string } }>('/admin/user/:id', admin, async (request) => {
    const user = users.appUser(pathId(request.params.id, 'user'));
    if (user === undefined) throw notFound('user');
    if (flavour.userDeletion === 'soft') {
      // Eloquent's SoftDeletes: the row stays, every read skips it, its complaints show `user: null`.
      softDeleteUser.run(isoNow(clock), user.id);
      return ok(null, 'User deleted successfully');
    }
    // Reports, complaints, devices, sessions and memberships go with the user (ON DELETE CASCADE).
    files.transaction((tx) => {
      deleteUser.run(user.id);
      tx.release(user.image_id);
    });
    return ok(null, 'User deleted successfully');
  });

  app.get<{ Params: { userId: string } }>('/admin/user-reports/:userId', admin, async (request) =>
    ok(reportsOf.all(appUserId(pathId(request.params.userId, 'user'))).map(view)),
  );

  app.post('/admin/user-report', admin, async (request) => {
    const { data } = await parseInput(await ctx.body.read(request), reportSchema);
    const row = insertReport.get(
      appUserId(data.user_id),
      data.title,
      data.description,
      data.url ?? '',
      isoNow(clock),
    );
    return ok(view(row), 'Report created successfully');
  });

  app.put<{ Params: { id: string } }>('/admin/user-report/:id', admin, async (request) => {
    const id = pathId(request.params.id, 'report');
    if (reportById.get(id) === undefined) throw notFound('report');
    const { data } = await parseInput(await ctx.body.read(request), reportSchema);
    const row = updateReport.get(
      appUserId(data.user_id),
      data.title,
      data.description,
      data.url ?? '',
      id,
    );
    return ok(view(row), 'Report updated successfully');
  });

  app.delete<{ Params: { id: string } }>('/admin/user-report/:id', admin, async (request) => {
    const id = pathId(request.params.id, 'report');
    if (deleteReport.run(id).changes === 0) throw notFound('report');
    return ok(null, 'Report deleted successfully');
  });
}
