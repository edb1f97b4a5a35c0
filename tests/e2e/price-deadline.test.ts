/**
 * The daily price deadline on the local stack, with a group of this test's own: the rows the
 * price history holds for today and not for tomorrow are listed on the desk and counted beside
 * its menu entry, and saving tomorrow's prices empties both. Today's index is narrowed to this
 * test's rows for its run, as a fresh stack holding only them would have it, and put back after.
 */
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { daysBefore, losAngelesDay } from '../../dev/api/time.ts';
import { deadlinePaths, fuelPriceSchema } from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import { eventually, ownerDatabase, signIn } from './support/clients.ts';
import { deskGroup, GRADES, type DeskGroup } from './support/desk.ts';
import { describe, expect, inject, test } from './support/fixtures.ts';

const stack = inject('stack');
const owner = ownerDatabase(stack);
const LOAD_TIMEOUT_MS = 45_000;
const TYPES = ['Cash', 'Credit Card'];
const PRICES = { regular: 4.59, premium: 5.29, diesel: 5.04, renew_99: 4.99, b_20: 4.89 };
const today = losAngelesDay(Date.now());
const tomorrow = daysBefore(today, -1);
let desk: DeskGroup;
let restoreToday: () => Promise<void>;

beforeAll(async () => {
  desk = await deskGroup(stack, 'Deadline test group');
  // Saved through the function: the history and its index hold today for these rows.
  for (const type of TYPES) await desk.save(type, today, PRICES);
  const index = owner.db.ref(deadlinePaths.priceDay(today));
  await readTodayOfEveryRow(index);
  const before: unknown = (await index.get()).val();
  await index.set(Object.fromEntries(TYPES.map((type) => [rowKey(type), true])));
  restoreToday = () => index.set(before);
});
afterAll(async () => {
  await restoreToday();
  await desk.remove();
  await owner.close();
});

const rowKey = (type: string) => `${desk.group.id}:${desk.typeId(type)}`;

/**
 * Tomorrow's desk reads today's prices upstream for each row the history lacks, and the
 * functions add a row so read to today's index after replying. Read here first, and waited for
 * in the index, those rows are known before it is narrowed: the page adds none of them back.
 */
async function readTodayOfEveryRow(index: ReturnType<typeof owner.db.ref>) {
  const admin = adminApi(stack);
  const ids = z.array(z.object({ id: z.number() }));
  const groups = (await admin.call('/admin/groups', ids)).body.payload;
  const types = (await admin.call('/admin/fuel-price-types', ids)).body.payload;
  const priced: string[] = [];
  for (const group of groups) {
    for (const type of types) {
      const reply = await admin.call(
        `/admin/group/${group.id}/fuel-prices/${type.id}?date=${today}`,
        z.nullable(z.object(fuelPriceSchema.shape)),
      );
      if (reply.body.payload?.date === today) priced.push(`${group.id}:${type.id}`);
    }
  }
  await eventually(async () => {
    const held = z.record(z.string(), z.unknown()).parse((await index.get()).val() ?? {});
    return priced.every((key) => key in held) ? true : undefined;
  }, "today's price index to hold every row priced today");
}

describe('the daily price deadline', () => {
  test(
    'lists the rows missing for tomorrow, and saving them empties the list and the badge',
    { timeout: 180_000 },
    async ({ page }) => {
      await signIn(page, stack);
      await page.goto(`${stack.urls.app}/today-prices?day=${tomorrow}`);
      const badge = page.getByRole('link', { name: /2 price rows missing for tomorrow/ }).first();
      await badge.waitFor({ timeout: LOAD_TIMEOUT_MS });
      const missing = page.getByRole('region', { name: 'Missing for tomorrow' });
      for (const type of TYPES) {
        const open = `Open ${desk.group.name} · ${type} on tomorrow's desk`;
        await missing.getByRole('link', { name: open }).waitFor();
      }
      await missing.getByText(/not seen/).waitFor();

      for (const type of TYPES) {
        await desk.row(page, type).waitFor({ timeout: LOAD_TIMEOUT_MS });
        for (const grade of GRADES) await desk.cell(page, type, grade).fill(String(PRICES[grade]));
      }
      await page.getByRole('button', { name: 'Save changes' }).click();
      for (const type of TYPES) {
        await expect.poll(() => desk.row(page, type).textContent()).toContain('Saved');
      }
      await missing.getByText('Nothing missing for tomorrow').waitFor();
      await expect.poll(() => badge.count()).toBe(0);
      expect((await owner.db.ref(deadlinePaths.priceDay(tomorrow)).get()).val()).toMatchObject(
        Object.fromEntries(TYPES.map((type) => [rowKey(type), true])),
      );
    },
  );
});
