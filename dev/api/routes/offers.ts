import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  OFFER_SLOTS,
  type Offer,
  type OfferSlot,
} from '../../../functions/src/contracts/upstream/upstream.js';
import { parseInput } from '../body.js';
import type { RouteContext } from '../context.js';
import { ok, ValidationError } from '../envelope.js';

interface OfferRow {
  id: number;
  slot: OfferSlot;
  file_id: number;
  file_name: string;
}

const RULES = Object.fromEntries(
  OFFER_SLOTS.map((slot) => [slot, { kind: 'offer', required: false }]),
) as Record<OfferSlot, { kind: 'offer'; required: false }>;

/** The three offer images: each upload replaces its slot; slots not sent stay as they are. */
export function registerOfferRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db, files, flavour } = ctx;
  const admin = { config: { access: 'admin' as const } };
  const all = db.prepare<[], OfferRow>(
    `SELECT o.id, o.slot, f.id AS file_id, f.name AS file_name FROM offers o JOIN files f ON f.id = o.file_id
     ORDER BY CASE o.slot WHEN 'first_image' THEN 1 WHEN 'second_image' THEN 2 ELSE 3 END`,
  );
  const bySlot = db.prepare<[OfferSlot], { file_id: number }>(
    'SELECT file_id FROM offers WHERE slot = ?',
  );
  const upsert = db.prepare<[OfferSlot, number]>(
    'INSERT INTO offers (slot, file_id) VALUES (?, ?) ON CONFLICT (slot) DO UPDATE SET file_id = excluded.file_id',
  );

  // In slot order; the Laravel flavour leaves the slot out (the original promises the image only).
  const list = (): Offer[] =>
    all.all().map((row) => ({
      id: row.id,
      ...(flavour.offerSlots ? { slot: row.slot } : {}),
      image: { original_url: files.url({ id: row.file_id, name: row.file_name }) },
    }));

  app.get('/admin/offers', admin, async () => ok(list()));

  app.post('/admin/offers', admin, async (request) => {
    const input = await parseInput(await ctx.body.read(request, OFFER_SLOTS), z.object({}), RULES);
    const sent = OFFER_SLOTS.filter((slot) => input.files[slot] !== undefined);
    if (sent.length === 0) {
      throw new ValidationError({
        first_image: [
          'The first image field is required when none of second image / third image are present.',
        ],
      });
    }
    files.transaction((tx) => {
      for (const slot of sent) {
        const upload = input.files[slot];
        if (upload === undefined) continue;
        const before = bySlot.get(slot);
        upsert.run(slot, tx.adopt(upload.tempPath, upload).id);
        if (before !== undefined) tx.release(before.file_id);
      }
    });
    return ok(list(), 'Offers updated successfully');
  });
}
