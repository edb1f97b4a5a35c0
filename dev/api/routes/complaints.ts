import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  Complaint,
  ComplaintStatus,
} from '../../../functions/src/contracts/upstream/upstream.js';
import { parseInput } from '../body.js';
import { pathId, type RouteContext } from '../context.js';
import { notFound, ok } from '../envelope.js';
import { tokenList } from '../users.js';
import { oneOf, recordId, text } from '../validation.js';

interface ComplaintRow {
  id: number;
  user_id: number;
  title: string;
  description: string;
  status: ComplaintStatus;
  admin_response: string | null;
  created_at: string;
  /** Null once the complainer is (soft-)deleted. */
  user_name: string | null;
  device_ids: string;
}

// A hard-deleted user's complaints go with them (ON DELETE CASCADE); a soft-deleted one's stay.
const SELECT = `SELECT c.id, c.user_id, c.title, c.description, c.status, c.admin_response, c.created_at,
  u.name AS user_name,
  (SELECT json_group_array(d.token) FROM devices d WHERE d.user_id = u.id) AS device_ids
  FROM complaints c LEFT JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL`;

/** Complaints: any status may follow any other. */
export function registerComplaintRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db, flavour } = ctx;
  const admin = { config: { access: 'admin' as const } };
  const all = db.prepare<[], ComplaintRow>(`${SELECT} ORDER BY c.created_at DESC, c.id DESC`);
  const byId = db.prepare<[number], ComplaintRow>(`${SELECT} WHERE c.id = ?`);
  const remove = db.prepare<[number]>('DELETE FROM complaints WHERE id = ?');
  const respond = db.prepare<[string, number]>(
    'UPDATE complaints SET admin_response = ? WHERE id = ?',
  );
  const setStatus = db.prepare<[number, number]>('UPDATE complaints SET status = ? WHERE id = ?');

  const toComplaint = (row: ComplaintRow): Complaint & { user_id: number } => ({
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    description: row.description,
    user:
      row.user_name === null
        ? null
        : { id: row.user_id, name: row.user_name, device_ids: tokenList(row.device_ids) },
    created_at: flavour.time(row.created_at),
    status: row.status,
    admin_response: row.admin_response,
  });
  const read = (id: number) => {
    const row = byId.get(id);
    if (row === undefined) throw notFound('complaint');
    return toComplaint(row);
  };
  /** An update's reply: the complaint, or the bare model (no `user`) as Eloquent's update() has it. */
  const updated = (id: number) => {
    const complaint = read(id);
    if (flavour.writeRelations) return complaint;
    const { user: _user, ...model } = complaint;
    return model;
  };

  app.get('/admin/user-complaint', admin, async () => ok(all.all().map(toComplaint)));

  app.delete<{ Params: { id: string } }>('/admin/user-complaint/:id', admin, async (request) => {
    if (remove.run(pathId(request.params.id, 'complaint')).changes === 0)
      throw notFound('complaint');
    return ok(null, 'Complaint deleted successfully');
  });

  app.post<{ Params: { id: string } }>('/admin/complaint/:id/response', admin, async (request) => {
    const id = pathId(request.params.id, 'complaint');
    read(id);
    const schema = z.object({ response: text('response', { max: 5000 }) });
    const { data } = await parseInput(await ctx.body.read(request), schema);
    respond.run(data.response, id);
    return ok(updated(id), 'Response saved successfully');
  });

  app.post('/admin/user-complaint-change-status', admin, async (request) => {
    const schema = z.object({
      complaint_id: recordId('complaint_id'),
      status: oneOf('status', [1, 2, 3]),
    });
    const { data } = await parseInput(await ctx.body.read(request), schema);
    read(data.complaint_id);
    setStatus.run(data.status, data.complaint_id);
    return ok(updated(data.complaint_id), 'Status changed successfully');
  });
}
