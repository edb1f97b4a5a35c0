import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { fuelPriceSchema, groupSchema } from '../../../functions/src/contracts/index.js';
import type { StackInfo } from '../../support/stack-info.ts';
import { adminApi } from './admin-api.ts';
import { pngImage } from './admin-screens.ts';

/** The desk's five grades, in the order of its columns. */
export const GRADES = ['regular', 'premium', 'diesel', 'renew_99', 'b_20'] as const;
export type Grade = (typeof GRADES)[number];

/**
 * A group of a test's own on the price desk, with the upstream's fuel price types, and the
 * ways to reach its rows and cells and what the upstream holds for it.
 */
export interface DeskGroup {
  group: { id: number; name: string };
  typeId(type: string): number;
  row(page: Page, type: string): ReturnType<Page['locator']>;
  cell(page: Page, type: string, grade: Grade): ReturnType<Page['locator']>;
  /** Saves a day's prices of a type through the `api` function, so its price history holds them. */
  save(type: string, date: string, prices: Record<Grade, number>): Promise<void>;
  /** What the upstream holds for a type on a day; null for nothing. */
  saved(type: string, date: string): Promise<z.infer<typeof fuelPriceSchema> | null>;
  remove(): Promise<void>;
}

/** Creates a group named `<label> <random>` through the `api` function. */
export async function deskGroup(stack: StackInfo, label: string): Promise<DeskGroup> {
  const admin = adminApi(stack);
  const form = new FormData();
  form.set('name', `${label} ${randomUUID().slice(0, 8)}`);
  const image = pngImage('group.png', 16, 16, [14, 165, 233], [14, 165, 233]);
  form.set('image', new Blob([new Uint8Array(image.buffer)], { type: 'image/png' }), image.name);
  const created = await admin.call('/admin/groups', groupSchema, {
    method: 'POST',
    body: form,
  });
  const group = created.body.payload;
  const listed = await admin.call(
    '/admin/fuel-price-types',
    z.array(z.object({ id: z.number(), name: z.string() })),
  );
  const types = listed.body.payload;
  const typeId = (type: string) => types.find((each) => each.name === type)?.id ?? 0;
  const row = (page: Page, type: string) =>
    page.locator(`[data-key="${group.id}:${typeId(type)}"]`);
  return {
    group,
    typeId,
    row,
    cell: (page, type, grade) =>
      row(page, type).locator(`input[data-col="${GRADES.indexOf(grade)}"]`),
    async save(type, date, prices) {
      const body = new FormData();
      body.set('fuel_price_type_id', String(typeId(type)));
      for (const [grade, value] of Object.entries(prices)) body.set(grade, String(value));
      body.set('date', date);
      const reply = await admin.call(`/admin/group/${group.id}/fuel-prices`, z.unknown(), {
        method: 'POST',
        body,
      });
      if (!reply.body.metadata.success) throw new Error(`saving ${type} on ${date} was refused`);
    },
    async saved(type, date) {
      const reply = await admin.call(
        `/admin/group/${group.id}/fuel-prices/${typeId(type)}?date=${date}`,
        z.nullable(z.object(fuelPriceSchema.shape)),
      );
      return reply.body.payload;
    },
    async remove() {
      await admin.call(`/admin/groups/${group.id}`, z.unknown(), { method: 'DELETE' });
    },
  };
}
