import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type {
  FuelPrice,
  FuelPriceType,
} from '../../../functions/src/contracts/upstream/upstream.js';
import { parseInput } from '../body.js';
import { pathId, type RouteContext } from '../context.js';
import { notFound, ok } from '../envelope.js';
import { losAngelesDay } from '../time.js';
import { decimal, isoDate, normalizeFields, recordId, validate } from '../validation.js';

type PriceRow = FuelPrice & { id: number; group_id: number; fuel_price_type_id: number };

const price = (field: string) => decimal(field, { min: 0 });
const saveSchema = z.object({
  fuel_price_type_id: recordId('fuel_price_type_id'),
  regular: price('regular'),
  premium: price('premium'),
  diesel: price('diesel'),
  renew_99: price('renew_99'),
  b_20: price('b_20'),
  date: isoDate(),
});

/** Fuel price types, and the prices of each group, type and day. */
export function registerFuelPriceRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db, clock, flavour } = ctx;
  const admin = { config: { access: 'admin' as const } };
  const types = db.prepare<[], FuelPriceType>('SELECT id, name FROM fuel_price_types ORDER BY id');
  const typeExists = db.prepare<[number], { id: number }>(
    'SELECT id FROM fuel_price_types WHERE id = ?',
  );
  const groupExists = db.prepare<[number], { id: number }>(
    'SELECT id FROM chat_groups WHERE id = ?',
  );
  const COLUMNS =
    'id, group_id, type_id AS fuel_price_type_id, regular, premium, diesel, renew_99, b_20, date';
  const find = db.prepare<[number, number, string], PriceRow>(
    `SELECT ${COLUMNS} FROM fuel_prices WHERE group_id = ? AND type_id = ? AND date = ?`,
  );
  const latest = db.prepare<[number, number], PriceRow>(
    `SELECT ${COLUMNS} FROM fuel_prices WHERE group_id = ? AND type_id = ? ORDER BY date DESC LIMIT 1`,
  );
  const upsert = db.prepare<
    [number, number, string, number, number, number, number, number],
    PriceRow
  >(
    `INSERT INTO fuel_prices (group_id, type_id, date, regular, premium, diesel, renew_99, b_20)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (group_id, type_id, date) DO UPDATE SET regular = excluded.regular,
       premium = excluded.premium, diesel = excluded.diesel, renew_99 = excluded.renew_99, b_20 = excluded.b_20
     RETURNING ${COLUMNS}`,
  );

  const groupId = (value: string) => {
    const id = pathId(value, 'group');
    if (groupExists.get(id) === undefined) throw notFound('group');
    return id;
  };
  const typeId = (id: number) => {
    if (typeExists.get(id) === undefined) throw notFound('fuel price type');
    return id;
  };
  const view = (row: PriceRow | undefined) =>
    row === undefined
      ? null
      : {
          ...row,
          regular: flavour.price(row.regular),
          premium: flavour.price(row.premium),
          diesel: flavour.price(row.diesel),
          renew_99: flavour.price(row.renew_99),
          b_20: flavour.price(row.b_20),
        };

  app.get('/admin/fuel-price-types', admin, async () => ok(types.all()));

  /**
   * The prices saved for that group, type and day (default: today in Los Angeles), or null. The
   * Laravel flavour knows no `date`: its latest saved day, or null.
   */
  app.get<{ Params: { groupId: string; typeId: string }; Querystring: Record<string, unknown> }>(
    '/admin/group/:groupId/fuel-prices/:typeId',
    admin,
    async (request) => {
      const group = groupId(request.params.groupId);
      const type = typeId(pathId(request.params.typeId, 'fuel price type'));
      if (flavour.priceDay === 'latest') return ok(view(latest.get(group, type)));
      const { date } = validate(
        z.object({ date: isoDate().nullish() }),
        normalizeFields({ ...request.query }),
      );
      return ok(view(find.get(group, type, date ?? losAngelesDay(clock()))));
    },
  );

  /** Saves (creates or replaces) the prices of one group, type and day. */
  app.post<{ Params: { groupId: string } }>(
    '/admin/group/:groupId/fuel-prices',
    admin,
    async (request) => {
      const group = groupId(request.params.groupId);
      const { data } = await parseInput(await ctx.body.read(request), saveSchema);
      const row = upsert.get(
        group,
        typeId(data.fuel_price_type_id),
        data.date,
        data.regular,
        data.premium,
        data.diesel,
        data.renew_99,
        data.b_20,
      );
      return ok(flavour.writeRelations ? view(row) : null, 'Prices saved successfully');
    },
  );
}
