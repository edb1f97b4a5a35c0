import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Group } from '../../../functions/src/contracts/upstream/upstream.js';
import { parseInput } from '../body.js';
import { pathId, type RouteContext } from '../context.js';
import { notFound, ok, ValidationError } from '../envelope.js';
import { recordId, requiredList, text } from '../validation.js';

interface GroupRow {
  id: number;
  name: string;
  created_at: number;
  image_id: number | null;
  image_name: string | null;
}

const nameSchema = z.object({ name: text('name', { max: 255 }) });
/** `user_ids` may be left out (the group is emptied), or is Laravel's `required|array`. */
const assignSchema = (required: boolean) =>
  z.object({
    user_ids: required
      ? requiredList('user_ids', recordId('user_ids'))
      : z.array(recordId('user_ids'), { error: 'The user ids field must be an array.' }).nullish(),
  });

/** Chat groups and their members. */
export function registerGroupRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db, files, users, clock, flavour } = ctx;
  const admin = { config: { access: 'admin' as const } };
  const SELECT = `SELECT g.id, g.name, g.created_at, f.id AS image_id, f.name AS image_name
    FROM chat_groups g LEFT JOIN files f ON f.id = g.image_id`;
  const all = db.prepare<[], GroupRow>(`${SELECT} ORDER BY g.created_at DESC, g.id DESC`);
  const byId = db.prepare<[number], GroupRow>(`${SELECT} WHERE g.id = ?`);
  const insert = db.prepare<[string, number, number], { id: number }>(
    'INSERT INTO chat_groups (name, image_id, created_at) VALUES (?, ?, ?) RETURNING id',
  );
  const update = db.prepare<[string, number | null, number]>(
    'UPDATE chat_groups SET name = ?, image_id = ? WHERE id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM chat_groups WHERE id = ?');
  const clearMembers = db.prepare<[number]>('DELETE FROM group_members WHERE group_id = ?');
  const addMember = db.prepare<[number, number]>(
    'INSERT OR IGNORE INTO group_members (group_id, user_id) VALUES (?, ?)',
  );
  const unknownUsers = db.prepare<[string], { position: number }>(
    `SELECT j.key AS position FROM json_each(?) j
     LEFT JOIN users u ON u.id = j.value AND u.role = 'user' WHERE u.id IS NULL ORDER BY j.key`,
  );

  const view = (row: GroupRow, members: Group['users']): Group & { created_at: string } => ({
    id: row.id,
    name: row.name,
    image: files.ref(row.image_id, row.image_name),
    users: members,
    timestamp: row.created_at,
    created_at: flavour.time(new Date(row.created_at).toISOString()),
  });
  const read = (id: number) => {
    const row = byId.get(id);
    if (row === undefined) throw notFound('group');
    return row;
  };
  /** A write's reply: the group with its members, or the bare model as Eloquent returns it. */
  const written = (id: number, members: () => Group['users']) => {
    const row = read(id);
    if (flavour.writeRelations) return view(row, members());
    const { users: _users, image: _image, ...model } = view(row, []);
    return model;
  };

  app.get('/admin/groups', admin, async () => {
    const members = users.membersByGroup();
    return ok(all.all().map((row) => view(row, members.get(row.id) ?? [])));
  });

  app.post('/admin/groups', admin, async (request) => {
    const input = await parseInput(await ctx.body.read(request, ['image']), nameSchema, {
      image: { kind: 'image', required: true },
    });
    const id = files.transaction((tx) => {
      const upload = input.files.image;
      if (upload === undefined) throw new Error('a required image passed validation unset');
      const row = insert.get(input.data.name, tx.adopt(upload.tempPath, upload).id, clock());
      if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
      return row.id;
    });
    return ok(
      written(id, () => []),
      'Group created successfully',
    );
  });

  app.put<{ Params: { id: string } }>('/admin/groups/:id', admin, async (request) => {
    const id = pathId(request.params.id, 'group');
    read(id);
    const input = await parseInput(await ctx.body.read(request, ['image']), nameSchema, {
      image: { kind: 'image', required: false },
    });
    files.transaction((tx) => {
      const before = read(id);
      const image =
        input.files.image === undefined
          ? null
          : tx.adopt(input.files.image.tempPath, input.files.image);
      update.run(input.data.name, image?.id ?? before.image_id, id);
      if (image !== null) tx.release(before.image_id);
    });
    return ok(
      written(id, () => users.members(id)),
      'Group updated successfully',
    );
  });

  app.delete<{ Params: { id: string } }>('/admin/groups/:id', admin, async (request) => {
    const id = pathId(request.params.id, 'group');
    files.transaction((tx) => {
      const before = read(id);
      // Members and the group's fuel prices go with it (ON DELETE CASCADE).
      remove.run(id);
      tx.release(before.image_id);
    });
    return ok(null, 'Group deleted successfully');
  });

  app.get<{ Params: { id: string } }>(
    '/admin/groups/:id/assigned-users',
    admin,
    async (request) => {
      const id = pathId(request.params.id, 'group');
      read(id);
      return ok(users.members(id));
    },
  );

  /**
   * SETS the members to exactly `user_ids[0]`, `user_ids[1]`, …; a request with no
   * `user_ids` entries empties the group.
   */
  app.post<{ Params: { id: string } }>('/admin/groups/:id/assign-users', admin, async (request) => {
    const id = pathId(request.params.id, 'group');
    read(id);
    const { data } = await parseInput(
      await ctx.body.read(request),
      assignSchema(flavour.membersRequired),
    );
    const ids = data.user_ids ?? [];
    const unknown = unknownUsers.all(JSON.stringify(ids));
    if (unknown.length > 0) {
      throw new ValidationError(
        Object.fromEntries(
          unknown.map(({ position }) => [
            `user_ids.${position}`,
            [`The selected user_ids.${position} is invalid.`],
          ]),
        ),
      );
    }
    db.transaction(() => {
      clearMembers.run(id);
      for (const userId of ids) addMember.run(id, userId);
    })();
    return ok(flavour.writeRelations ? users.members(id) : null, 'Users assigned successfully');
  });
}
