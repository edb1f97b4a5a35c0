import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { z } from 'zod';
import { fuelPriceSchema, groupSchema } from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import { adminPage, pngImage, toast } from './support/admin-screens.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

// The single form of the today-prices screen against the local stack, on a group of its own: nothing saved yet,
// save and read back after a reload, and the server's validation messages as toasts.
const stack = inject('stack');
const admin = adminApi(stack);
let group: { id: number; name: string };
/** A day no seed and no other test prices. */
const DAY = '2024-02-29';

beforeAll(async () => {
  const form = new FormData();
  form.set('name', `Price test group ${randomUUID().slice(0, 8)}`);
  const image = pngImage('group.png', 16, 16, [14, 165, 233], [14, 165, 233]);
  form.set('image', new Blob([new Uint8Array(image.buffer)], { type: 'image/png' }), image.name);
  const created = await admin.call('/admin/groups', groupSchema, {
    method: 'POST',
    body: form,
  });
  group = created.body.payload;
});
afterAll(async () => {
  await admin.call(`/admin/groups/${group.id}`, z.unknown(), { method: 'DELETE' });
});

async function saved(typeId: number) {
  const reply = await admin.call(
    `/admin/group/${group.id}/fuel-prices/${typeId}?date=${DAY}`,
    z.nullable(z.object({ ...fuelPriceSchema.shape, fuel_price_type_id: z.number() })),
  );
  // A refusal (an unknown type, say) would also carry no payload: only a found selection counts.
  expect(reply.status).toBe(200);
  expect(reply.body.metadata.success).toBe(true);
  return reply.body.payload;
}

async function choose(page: Page, type: string) {
  await expect.poll(() => page.getByLabel('Group', { exact: true }).isEnabled()).toBe(true);
  await page.getByLabel('Group', { exact: true }).selectOption({ label: group.name });
  await page.getByLabel('Fuel price type', { exact: true }).selectOption({ label: type });
  await page.getByLabel('Date', { exact: true }).fill(DAY);
}

const PRICES = {
  Regular: '4.579',
  Premium: '5.279',
  Diesel: '5.029',
  'Renew 99': '4.979',
  B20: '4.879',
} as const;

describe('the today prices screen', () => {
  test('says when nothing is saved, saves the five prices, and loads them after a reload', async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    await adminPage(page, stack, '/today-prices?view=form');
    await choose(page, 'Credit Card');
    await expect.poll(() => page.getByText('No prices saved yet').isVisible()).toBe(true);
    expect(await page.getByText('Thursday, February 29, 2024').isVisible()).toBe(true);
    for (const label of Object.keys(PRICES)) {
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe('');
    }

    for (const [label, value] of Object.entries(PRICES)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Saved Successfully').isVisible()).toBe(true);
    const types = await admin.call(
      '/admin/fuel-price-types',
      z.array(z.object({ id: z.number(), name: z.string() })),
    );
    const credit = types.body.payload.find((type) => type.name === 'Credit Card');
    expect(await saved(credit?.id ?? 0)).toMatchObject({
      regular: 4.579,
      premium: 5.279,
      diesel: 5.029,
      renew_99: 4.979,
      b_20: 4.879,
      date: DAY,
    });

    await page.reload();
    await choose(page, 'Credit Card');
    await expect.poll(() => page.getByTestId('prices-saved').isVisible()).toBe(true);
    for (const [label, value] of Object.entries(PRICES)) {
      expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    }
    // Another type of the same group and day has its own prices: none yet.
    await page.getByLabel('Fuel price type', { exact: true }).selectOption({ label: 'Fleet Card' });
    await expect.poll(() => page.getByText('No prices saved yet').isVisible()).toBe(true);
  });

  test("shows 'Something went wrong, please try again' and each of the server's messages", async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    await adminPage(page, stack, '/today-prices?view=form');
    await choose(page, 'Cash');
    await expect.poll(() => page.getByText('No prices saved yet').isVisible()).toBe(true);
    for (const [label, value] of Object.entries(PRICES)) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByLabel('Regular', { exact: true }).fill('-0.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => toast(page, 'The regular field must be at least 0.').isVisible())
      .toBe(true);
    expect(await toast(page, 'Something went wrong, please try again').isVisible()).toBe(true);
    // What was typed stays, with the reasons listed above the inputs.
    expect(await page.getByLabel('Regular', { exact: true }).inputValue()).toBe('-0.5');
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Something went wrong, please try again' });
    expect(await alert.getByText('The regular field must be at least 0.').isVisible()).toBe(true);

    // Two refusals at once: each one is shown.
    await page.getByLabel('B20', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'The b 20 field is required.').isVisible()).toBe(true);
    await expect.poll(() => alert.getByText('The b 20 field is required.').isVisible()).toBe(true);
    expect(await alert.getByText('The regular field must be at least 0.').isVisible()).toBe(true);

    const types = await admin.call(
      '/admin/fuel-price-types',
      z.array(z.object({ id: z.number(), name: z.string() })),
    );
    const cash = types.body.payload.find((type) => type.name === 'Cash');
    expect(cash).toBeDefined();
    expect(await saved(cash?.id ?? 0)).toBeNull();
  });
});
