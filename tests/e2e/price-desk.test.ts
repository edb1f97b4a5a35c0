import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { fuelPriceSchema, groupSchema } from '../../functions/src/contracts/index.js';
import { apiCall } from './support/clients.ts';
import { adminPage, adminToken, pngImage, toast } from './support/admin-screens.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

// The price desk against the local stack, on a group of its own: the previous day saved through
// the `api` function (so its price history holds it), copied, edited, saved with one row refused
// by the upstream's own validation, and read back after a reload.
const stack = inject('stack');
let token: string;
let group: { id: number; name: string };
let types: { id: number; name: string }[];
/** Days no seed and no other test prices. */
const PREVIOUS = '2023-06-14';
const DAY = '2023-06-15';
const LOAD_TIMEOUT_MS = 45_000;
const PREVIOUS_PRICES = { regular: 4, premium: 5, diesel: 5, renew_99: 5, b_20: 4.5 };

async function savePrices(typeId: number, date: string, prices: Record<string, number>) {
  const form = new FormData();
  form.set('fuel_price_type_id', String(typeId));
  for (const [grade, value] of Object.entries(prices)) form.set(grade, String(value));
  form.set('date', date);
  const reply = await apiCall(stack, token, `/admin/group/${group.id}/fuel-prices`, z.unknown(), {
    method: 'POST',
    body: form,
  });
  expect(reply.body.metadata.success).toBe(true);
}

beforeAll(async () => {
  token = await adminToken(stack);
  const form = new FormData();
  form.set('name', `Desk test group ${randomUUID().slice(0, 8)}`);
  const image = pngImage('group.png', 16, 16, [14, 165, 233], [14, 165, 233]);
  form.set('image', new Blob([new Uint8Array(image.buffer)], { type: 'image/png' }), image.name);
  const created = await apiCall(stack, token, '/admin/groups', groupSchema, {
    method: 'POST',
    body: form,
  });
  group = created.body.payload;
  const listed = await apiCall(
    stack,
    token,
    '/admin/fuel-price-types',
    z.array(z.object({ id: z.number(), name: z.string() })),
  );
  types = listed.body.payload;
  for (const type of types) await savePrices(type.id, PREVIOUS, PREVIOUS_PRICES);
});
afterAll(async () => {
  await apiCall(stack, token, `/admin/groups/${group.id}`, z.unknown(), { method: 'DELETE' });
});

const typeId = (name: string) => types.find((type) => type.name === name)?.id ?? 0;
const row = (page: Page, type: string) => page.locator(`[data-key="${group.id}:${typeId(type)}"]`);
const GRADES = ['regular', 'premium', 'diesel', 'renew_99', 'b_20'] as const;
const cell = (page: Page, type: string, grade: (typeof GRADES)[number]) =>
  row(page, type).locator(`input[data-col="${GRADES.indexOf(grade)}"]`);

async function saved(type: string) {
  const reply = await apiCall(
    stack,
    token,
    `/admin/group/${group.id}/fuel-prices/${typeId(type)}?date=${DAY}`,
    z.nullable(z.object(fuelPriceSchema.shape)),
  );
  return reply.body.payload;
}

describe('the price desk', () => {
  test(
    'copies the previous day, warns of a jump, saves the rows the upstream accepts',
    // Two loads of the whole desk on a shared machine.
    { timeout: 180_000 },
    async ({ page, errors }) => {
      errors.expect(REFUSED_REQUEST);
      await adminPage(page, stack, `/today-prices?day=${DAY}`);
      // Every group x type is read (the history, then the upstream 4 at a time): give it time.
      await row(page, 'Cash').waitFor({ timeout: LOAD_TIMEOUT_MS });
      for (const type of ['Cash', 'Credit Card', 'Fleet Card']) {
        await row(page, type).getByRole('checkbox').check();
      }
      await page.getByRole('button', { name: 'Copy previous day to selected rows (3)' }).click();
      expect(await cell(page, 'Cash', 'regular').inputValue()).toBe('4');

      await cell(page, 'Cash', 'regular').fill('4.8');
      await cell(page, 'Credit Card', 'premium').fill('5.1');
      // Below zero: the upstream refuses this row.
      await cell(page, 'Fleet Card', 'diesel').fill('-1');
      expect(await row(page, 'Cash').getByTestId('desk-warning').count()).toBe(1);
      await cell(page, 'Cash', 'regular').focus();
      await expect
        .poll(() => row(page, 'Cash').getByRole('tooltip').textContent())
        .toContain('+20% from the previous day (4.00)');

      await page.getByRole('button', { name: 'Save changes' }).click();
      const warnings = page.getByTestId('desk-warnings');
      await expect.poll(() => warnings.getByRole('listitem').count()).toBe(2);
      await page.getByRole('button', { name: 'Save anyway' }).click();

      await expect.poll(() => row(page, 'Fleet Card').textContent()).toContain('Not saved');
      expect(await row(page, 'Fleet Card').textContent()).toContain(
        'The diesel field must be at least 0.',
      );
      expect(await cell(page, 'Fleet Card', 'diesel').inputValue()).toBe('-1');
      await expect.poll(() => row(page, 'Cash').textContent()).toContain('Saved');
      // The rows save side by side and end in any order; the summary comes once all have.
      await expect.poll(() => row(page, 'Credit Card').textContent()).toContain('Saved');
      await toast(page, 'Rows not saved: 1.').waitFor();
      expect(await saved('Cash')).toMatchObject({ ...PREVIOUS_PRICES, regular: 4.8 });
      expect(await saved('Fleet Card')).toBeNull();

      // The leave prompt stands between the unsaved row and a reload; accept it.
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await row(page, 'Cash').waitFor({ timeout: LOAD_TIMEOUT_MS });
      expect(await cell(page, 'Cash', 'regular').inputValue()).toBe('4.8');
      expect(await cell(page, 'Credit Card', 'premium').inputValue()).toBe('5.1');
      expect(await cell(page, 'Fleet Card', 'diesel').inputValue()).toBe('');
    },
  );
});
